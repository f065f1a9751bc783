package good;

import dev.widekey.annotations.Bucketed;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Sequential;
import dev.widekey.annotations.WideTable;

/**
 * WK102 passes: the sequential order number is bucketed, so consecutive orders go round-robin to 16
 * buckets (value mod 16), stored as fixed-width text before the padded number; the Tablestore
 * profile pre-splits the 16 buckets into 10 partitions. Range reads over the order number are
 * merged over the buckets.
 */
@WideTable(name = "bucketed_orders")
public record BucketedOrder(
    @PartitionKey @Sequential @Bucketed(buckets = 16) long orderNumber,
    @KeyColumn(order = 0) int line,
    String cardId) {}
