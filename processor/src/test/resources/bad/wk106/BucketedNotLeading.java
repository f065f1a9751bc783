package bad.wk106;

import dev.widekey.annotations.Bucketed;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.Padded;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

@WideTable(name = "orders")
public record BucketedNotLeading(
    @PartitionKey(order = 0) @KeyChars("a-z") @MaxLength(8) String region,
    @PartitionKey(order = 1) @Padded(width = 12)
    @Bucketed(buckets = 16)
    long orderNumber,
    String cardId) {}
