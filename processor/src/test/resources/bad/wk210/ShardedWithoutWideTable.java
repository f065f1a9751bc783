package bad.wk210;

import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.TimeSharded;
import java.time.Instant;

/** @TimeSharded without @WideTable: no entity, so no period tables either. */
@TimeSharded(by = "createdAt", retain = 3)
public record ShardedWithoutWideTable(@PartitionKey String id, Instant createdAt) {}
