package warn;

import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

/** Seed 000: a handful of sellers leading the key makes a handful of hot partitions. */
@WideTable(name = "seller_sales")
public record FewValuesLeading(
    @PartitionKey Seller seller,
    @KeyColumn long saleNumber,
    long amountCents) {

  public enum Seller { NORTH, SOUTH, EAST, WEST }
}
