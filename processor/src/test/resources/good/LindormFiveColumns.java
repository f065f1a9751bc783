package good;

import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Profile;
import dev.widekey.annotations.WideTable;

/** WK110 passes with 5 primary-key columns on Lindorm, a binary one last, and a time to live. */
@WideTable(name = "lindorm_events", profile = Profile.LINDORM, ttlSeconds = 3600)
public record LindormFiveColumns(
    @PartitionKey @KeyChars("a-z0-9") @MaxLength(16) String tenant,
    @KeyColumn(order = 0) @KeyChars("a-z") @MaxLength(16) String stream,
    @KeyColumn(order = 1) int shard,
    @KeyColumn(order = 2) long epoch,
    @KeyColumn(order = 3) byte[] digest,
    String payload) {}
