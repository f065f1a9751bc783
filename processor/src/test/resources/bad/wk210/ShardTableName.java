package bad.wk210;

import dev.widekey.annotations.HashPrefix;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.ShardPeriod;
import dev.widekey.annotations.TimeSharded;
import dev.widekey.annotations.WideTable;
import java.time.Instant;

@WideTable(name = "tttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttt")
@TimeSharded(by = "createdAt", period = ShardPeriod.DAY, retain = 3)
public record ShardTableName(@PartitionKey @HashPrefix(length = 4) long orderId, Instant createdAt) {}
