package bad.wk106;

import dev.widekey.annotations.Bucketed;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

@WideTable(name = "orders")
public record BucketedKeyColumn(
    @PartitionKey String cardId,
    @KeyColumn
    @Bucketed(buckets = 16)
    long orderNumber) {}
