package warn;

import dev.widekey.annotations.Bucketed;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

/** A bucket is computed from the value alone: three regions fill at most three of 8 buckets. */
@WideTable(name = "region_sales")
public record BucketedFewValues(
    @PartitionKey @Bucketed(buckets = 8) Region region,
    @KeyColumn long saleNumber,
    long amountCents) {

  public enum Region { NORTH, SOUTH, EAST }
}
