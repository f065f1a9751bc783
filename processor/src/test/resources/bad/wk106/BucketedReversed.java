package bad.wk106;

import dev.widekey.annotations.Bucketed;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Reversed;
import dev.widekey.annotations.WideTable;

@WideTable(name = "orders")
public record BucketedReversed(
    @PartitionKey @Reversed
    @Bucketed(buckets = 16)
    long orderNumber,
    String cardId) {}
