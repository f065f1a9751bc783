package bad.wk210;

import dev.widekey.annotations.HashPrefix;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.TimeSharded;
import dev.widekey.annotations.WideTable;

@WideTable(name = "orders")
@TimeSharded(by = "createdAt", retain = 12)
public record ShardFieldType(@PartitionKey @HashPrefix(length = 4) long orderId, long createdAt) {}
