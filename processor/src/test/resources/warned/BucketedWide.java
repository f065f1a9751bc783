package warned;

import dev.widekey.annotations.Bucketed;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Sequential;
import dev.widekey.annotations.WideTable;

/** Compiles, with a warning: 512 buckets make every range read 512 scans. */
@WideTable(name = "orders")
public record BucketedWide(
    @PartitionKey @Sequential
    @Bucketed(buckets = 512)
    long orderNumber,
    String cardId) {}
