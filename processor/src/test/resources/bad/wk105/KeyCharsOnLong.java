package bad.wk105;

import dev.widekey.annotations.NotSequential;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

@WideTable(name = "numbers")
public record KeyCharsOnLong(
    @NotSequential(reason = "ids are assigned at random, many are written at the same time") @PartitionKey
    @KeyChars("0-9")
    long id,
    String name) {}
