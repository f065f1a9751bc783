package dev.widekey.spring.app;

import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.ShardPeriod;
import dev.widekey.annotations.TimeSharded;
import dev.widekey.annotations.WideTable;
import java.time.Instant;

/** A time-sharded entity: the index registers {@code ReadingShardedRepository}. */
@WideTable(name = "readings")
@TimeSharded(by = "at", period = ShardPeriod.DAY, retain = 7, ahead = 2)
public record Reading(
    @PartitionKey @KeyChars("a-z0-9") @MaxLength(16) String deviceId,
    @KeyColumn(order = 0) Instant at,
    double value) {}
