package bad.wk102;

import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Reversed;
import dev.widekey.annotations.WideTable;
import java.util.UUID;

@WideTable(name = "uploads")
public record ReversedMisuse(
    @PartitionKey @Reversed
    UUID uploadId,
    @KeyColumn @Reversed
    long part,
    String name) {}
