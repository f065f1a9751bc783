package good;

import dev.widekey.annotations.Bucketed;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.ShardPeriod;
import dev.widekey.annotations.TimeSharded;
import dev.widekey.annotations.WideTable;
import java.time.Instant;

/**
 * A day table per day of a bucketed time key: the sharded repository's range read over the
 * bucketed component merges every bucket of every day table.
 */
@WideTable(name = "bucketed_readings")
@TimeSharded(by = "at", period = ShardPeriod.DAY, retain = 3)
public record ShardedBucketedReading(
    @PartitionKey @Bucketed(buckets = 4) Instant at,
    @KeyColumn @KeyChars("a-z0-9") @MaxLength(16) String sensor,
    long value) {}
