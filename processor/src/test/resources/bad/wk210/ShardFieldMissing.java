package bad.wk210;

import dev.widekey.annotations.HashPrefix;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.TimeSharded;
import dev.widekey.annotations.WideTable;
import java.time.Instant;

@WideTable(name = "orders")
@TimeSharded(by = "created", retain = 12)
public record ShardFieldMissing(@PartitionKey @HashPrefix(length = 4) long orderId, Instant createdAt) {}
