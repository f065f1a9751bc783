package bad.wk210;

import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.ShardPeriod;
import dev.widekey.annotations.TimeSharded;
import dev.widekey.annotations.WideTable;
import java.time.Instant;

@WideTable(name = "tttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttt")
@TimeSharded(by = "createdAt", period = ShardPeriod.DAY, retain = 3)
public record ShardTableName(@PartitionKey long orderId, Instant createdAt) {}
