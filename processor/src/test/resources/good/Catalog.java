package good;

import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.Padded;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;
import java.time.Instant;

/** Entities nested in another class: their generated classes are top level (Catalog_ProductKeys). */
public final class Catalog {
  private Catalog() {}

  /** A spliced key with a padded time and an unbounded String key column (checked at run time). */
  @WideTable(name = "products")
  public record Product(
      @PartitionKey(order = 0) @KeyChars("a-z") @MaxLength(8) String shop,
      @PartitionKey(order = 1) @Padded(width = 13) Instant listedAt,
      @KeyColumn String sku,
      String title) {}

  /** A byte[] as the whole partition key: a BINARY column. */
  @WideTable(name = "blobs_by_digest", profile = dev.widekey.annotations.Profile.HBASE)
  public static final class Blob {
    @PartitionKey public byte[] digest;
    public String contentType;
  }
}
