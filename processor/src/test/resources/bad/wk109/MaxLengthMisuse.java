package bad.wk109;

import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

@WideTable(name = "labels")
public record MaxLengthMisuse(
    @PartitionKey
    @MaxLength(20)
    long id,
    @KeyColumn
    @MaxLength(0)
    String label,
    String text) {}
