package bad.wk207;

import dev.widekey.annotations.NotSequential;
import dev.widekey.annotations.ColdColumn;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

@WideTable(
    name = "order items",
    coldTable = "cold/items")
public record BadTableNames(
    @NotSequential(reason = "ids are assigned at random, many are written at the same time") @PartitionKey long itemId,
    String name,
    @ColdColumn String description) {}
