package good;

import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Profile;
import dev.widekey.annotations.WideTable;

/** WK110 passes with 5 primary-key columns on HBase, where they are encoded into one row key. */
@WideTable(name = "events", profile = Profile.HBASE)
public record HBaseFiveColumns(
    @PartitionKey @KeyChars("a-z0-9") @MaxLength(16) String tenant,
    @KeyColumn(order = 0) @KeyChars("a-z") @MaxLength(16) String stream,
    @KeyColumn(order = 1) int shard,
    @KeyColumn(order = 2) long epoch,
    @KeyColumn(order = 3) long offset,
    String payload) {}
