package bad.wk100;

import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

@WideTable(name = "things")
public record ReservedName(
    @PartitionKey String id,
    long wk_version) {}
