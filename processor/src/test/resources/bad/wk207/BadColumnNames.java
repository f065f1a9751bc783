package bad.wk207;

import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

@WideTable(name = "prices")
public record BadColumnNames(
    @PartitionKey long itemId,
    long price$cents,
    String bezeichnungÄ) {}
