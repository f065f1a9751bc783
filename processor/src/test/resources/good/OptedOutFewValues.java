package good;

import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.NotSequential;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

/** A small enum leads on purpose, and says why. */
@WideTable(name = "region_totals")
public record OptedOutFewValues(
    @PartitionKey @NotSequential(reason = "one row per region and day, written once a day")
        Region region,
    @KeyColumn long day,
    long total) {

  public enum Region { EU, US, AP }
}
