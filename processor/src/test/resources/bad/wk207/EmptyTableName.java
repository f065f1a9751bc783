package bad.wk207;

import dev.widekey.annotations.NotSequential;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

@WideTable(name = "")
public record EmptyTableName(
    @NotSequential(reason = "ids are assigned at random, many are written at the same time") @PartitionKey long id,
    String name) {}
