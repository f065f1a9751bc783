package dev.widekey.store.tck.entities;

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
 * A bucketed key in day tables: a window page merges every bucket of every covered day, and its
 * token names the day and the key (whose bucket follows from it).
 */
@WideTable(name = "gen_sharded_readings")
@TimeSharded(by = "at", period = ShardPeriod.DAY, retain = 3)
public record ShardedBucketedReading(
    @PartitionKey @Bucketed(buckets = 4) Instant at,
    @KeyColumn @KeyChars("a-z") @MaxLength(4) String sensor,
    long value) {}
