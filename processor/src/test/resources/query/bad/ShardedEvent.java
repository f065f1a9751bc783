package query.bad;

import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.ShardPeriod;
import dev.widekey.annotations.TimeSharded;
import dev.widekey.annotations.WideTable;
import java.time.Instant;

/**
 * WK210 passes with the shard field a key column: a point read finds the day's table from the key.
 */
@WideTable(name = "events")
@TimeSharded(by = "at", period = ShardPeriod.DAY, retain = 7, ahead = 2)
public record ShardedEvent(
    @PartitionKey @KeyChars("a-z0-9") @MaxLength(16) String deviceId,
    @KeyColumn(order = 0) Instant at,
    @KeyColumn(order = 1) long sequence,
    String payload) {}
