package bad.wk210;

import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.TimeSharded;
import dev.widekey.annotations.WideTable;

@WideTable(name = "orders")
@TimeSharded(by = "createdAt", retain = 12)
public record ShardFieldType(@PartitionKey long orderId, long createdAt) {}
