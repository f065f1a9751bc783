package bad.wk104;

import dev.widekey.annotations.Padded;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

@WideTable(name = "codes")
public record PaddedString(
    @PartitionKey
    @Padded(width = 8)
    String code,
    String label) {}
