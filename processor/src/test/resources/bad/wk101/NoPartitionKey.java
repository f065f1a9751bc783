package bad.wk101;

import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.WideTable;

@WideTable(name = "things")
public record NoPartitionKey(
    @KeyColumn long id,
    String name) {}
