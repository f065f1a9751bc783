package bad.wk109;

import dev.widekey.annotations.NotSequential;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

@WideTable(name = "labels")
public record MaxLengthMisuse(
    @NotSequential(reason = "ids are assigned at random, many are written at the same time") @PartitionKey
    @MaxLength(20)
    long id,
    @KeyColumn
    @MaxLength(0)
    String label,
    String text) {}
