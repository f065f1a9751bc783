package bad.wk106;

import dev.widekey.annotations.Bucketed;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

@WideTable(name = "orders")
public record BucketedTooMany(
    @PartitionKey
    @Bucketed(buckets = 1025)
    long orderNumber,
    String cardId) {}
