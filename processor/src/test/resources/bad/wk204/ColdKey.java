package bad.wk204;

import dev.widekey.annotations.NotSequential;
import dev.widekey.annotations.ColdColumn;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

@WideTable(name = "items")
public record ColdKey(
    @NotSequential(reason = "ids are assigned at random, many are written at the same time") @PartitionKey
    @ColdColumn
    Long itemId,
    String name) {}
