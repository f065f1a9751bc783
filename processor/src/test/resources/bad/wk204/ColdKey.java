package bad.wk204;

import dev.widekey.annotations.ColdColumn;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

@WideTable(name = "items")
public record ColdKey(
    @PartitionKey
    @ColdColumn
    Long itemId,
    String name) {}
