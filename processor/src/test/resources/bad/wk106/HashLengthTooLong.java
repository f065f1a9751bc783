package bad.wk106;

import dev.widekey.annotations.HashPrefix;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Sequential;
import dev.widekey.annotations.WideTable;

@WideTable(name = "orders")
public record HashLengthTooLong(
    @PartitionKey @Sequential
    @HashPrefix(
        length = 33)
    long orderNumber,
    String cardId) {}
