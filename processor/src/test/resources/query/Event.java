package query;

import dev.widekey.annotations.Index;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.ShardPeriod;
import dev.widekey.annotations.TimeSharded;
import dev.widekey.annotations.WideTable;
import java.time.Instant;

/** Device events in one table per day, with an index by kind and time. */
@WideTable(name = "query_events")
@TimeSharded(by = "at", period = ShardPeriod.DAY, retain = 12, ahead = 2)
@Index(name = "by_kind", columns = {"kind", "at"})
public record Event(
    @PartitionKey @KeyChars("a-z0-9") @MaxLength(16) String deviceId,
    @KeyColumn(order = 0) Instant at,
    @KeyColumn(order = 1) long sequence,
    @KeyChars("a-z") @MaxLength(8) String kind,
    long value) {}
