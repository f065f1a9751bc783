package bad.wk204;

import dev.widekey.annotations.ColdColumn;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

@WideTable(
    name = "items",
    coldTable = "items")
public record ColdTableSameName(
    @PartitionKey long itemId,
    String name,
    @ColdColumn String description) {}
