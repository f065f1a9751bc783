package bad.wk102;

import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Sequential;
import dev.widekey.annotations.WideTable;

@WideTable(name = "orders")
public record SequentialLeading(
    @PartitionKey
    @Sequential
    long orderNumber,
    String cardId) {}
