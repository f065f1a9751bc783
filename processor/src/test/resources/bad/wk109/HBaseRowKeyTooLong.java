package bad.wk109;

import dev.widekey.annotations.NotSequential;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Profile;
import dev.widekey.annotations.WideTable;

/**
 * Any character may appear, so a zero byte too, which the row key escapes as two bytes: two
 * columns of 3 x 3,000 bytes and the owner can encode into 36,029 bytes, over HBase's 32,767.
 */
@WideTable(name = "notes", profile = Profile.HBASE)
public record HBaseRowKeyTooLong(
    @NotSequential(reason = "ids are assigned at random, many are written at the same time") @PartitionKey long owner,
    @KeyColumn(order = 0) @MaxLength(3000) String title,
    @KeyColumn(order = 1)
    @MaxLength(3000)
    String subtitle,
    String body) {}
