package bad.wk106;

import dev.widekey.annotations.Bucketed;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

@WideTable(name = "orders")
public record BucketedOne(
    @PartitionKey
    @Bucketed(buckets = 1)
    long orderNumber,
    String cardId) {}
