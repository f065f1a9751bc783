package bad.wk106;

import dev.widekey.annotations.HashPrefix;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Sequential;
import dev.widekey.annotations.WideTable;

@WideTable(name = "orders")
public record HashLengthZero(
    @PartitionKey @Sequential
    @HashPrefix(length = 0)
    long orderNumber,
    String cardId) {}
