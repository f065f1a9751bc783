package bad.wk100;

import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

@WideTable(name = "things")
public record GenericEntity<T>(
    @PartitionKey String id,
    String name) {}
