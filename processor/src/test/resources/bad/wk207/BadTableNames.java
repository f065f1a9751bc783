package bad.wk207;

import dev.widekey.annotations.ColdColumn;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

@WideTable(
    name = "order items",
    coldTable = "cold/items")
public record BadTableNames(
    @PartitionKey long itemId,
    String name,
    @ColdColumn String description) {}
