package bad.wk107;

import dev.widekey.annotations.Bucketed;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Sequential;
import dev.widekey.annotations.WideTable;

@WideTable(name = "orders")
public record BucketedKey(
    @PartitionKey @Sequential
    @Bucketed(buckets = 16)
    long orderNumber,
    String cardId) {}
