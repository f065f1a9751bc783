package bad.wk306;

import dev.widekey.annotations.*;
import java.time.Instant;

@WideTable(name = "events")
@TimeSharded(by = "at", period = ShardPeriod.DAY, retain = 25)
@Index(name = "by_kind", columns = {"kind"})
@Index(name = "by_at", columns = {"at"}, hashPrefix = @HashPrefix)
public record IndexShardedTooManyTables(
    @PartitionKey @KeyChars("a-z0-9") @MaxLength(16) String deviceId,
    @KeyColumn Instant at,
    @KeyChars("a-z") @MaxLength(16) String kind) {}
