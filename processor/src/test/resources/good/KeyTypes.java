package good;

import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.NotSequential;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;
import java.util.UUID;

/** WK108 passes for every other key type: an enum, a UUID, an Integer and a byte[] column. */
@WideTable(name = "blobs")
public record KeyTypes(
    @PartitionKey @NotSequential(reason = "three regions, each written by its own fleet") Region region,
    @KeyColumn(order = 0) UUID owner,
    @KeyColumn(order = 1) Integer version,
    @KeyColumn(order = 2) byte[] digest,
    String contentType) {

  public enum Region { EU, US, AP }
}
