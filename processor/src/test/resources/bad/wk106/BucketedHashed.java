package bad.wk106;

import dev.widekey.annotations.Bucketed;
import dev.widekey.annotations.HashPrefix;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Sequential;
import dev.widekey.annotations.WideTable;

@WideTable(name = "orders")
public record BucketedHashed(
    @PartitionKey @Sequential @HashPrefix(length = 4)
    @Bucketed(buckets = 16)
    long orderNumber,
    String cardId) {}
