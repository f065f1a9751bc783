package bad.wk110;

import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Profile;
import dev.widekey.annotations.WideTable;

/** Lindorm takes 5 primary-key columns; the sixth is one too many. */
@WideTable(name = "events", profile = Profile.LINDORM)
public record LindormSixColumns(
    @PartitionKey @KeyChars("a-z0-9") @MaxLength(16) String tenant,
    @KeyColumn(order = 0) @KeyChars("a-z") @MaxLength(16) String stream,
    @KeyColumn(order = 1) int shard,
    @KeyColumn(order = 2) long epoch,
    @KeyColumn(order = 3) long offset,
    @KeyColumn(order = 4)
    long sequence,
    String payload) {}
