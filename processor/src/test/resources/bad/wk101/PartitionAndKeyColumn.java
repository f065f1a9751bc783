package bad.wk101;

import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

@WideTable(name = "messages")
public record PartitionAndKeyColumn(
    @PartitionKey String userId,
    @PartitionKey(order = 1)
    @KeyColumn(order = 0)
    long sequence,
    String text) {}
