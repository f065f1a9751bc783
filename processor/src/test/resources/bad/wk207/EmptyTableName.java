package bad.wk207;

import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

@WideTable(name = "")
public record EmptyTableName(
    @PartitionKey long id,
    String name) {}
