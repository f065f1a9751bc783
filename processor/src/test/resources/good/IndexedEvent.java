package good;

import dev.widekey.annotations.*;
import java.time.Instant;

/** A time-sharded entity with an index: each period has its own index table. */
@WideTable(name = "indexed_events")
@TimeSharded(by = "at", period = ShardPeriod.DAY, retain = 3)
@Index(name = "by_kind", columns = {"kind", "at"})
public record IndexedEvent(
    @PartitionKey @KeyChars("a-z0-9") @MaxLength(16) String deviceId,
    @KeyColumn Instant at,
    @KeyChars("a-z") @MaxLength(16) String kind) {}
