package bad.wk100;

import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

@WideTable(name = "things")
public record MissingType(
    @PartitionKey String id,
    DoesNotExist thing) {}
