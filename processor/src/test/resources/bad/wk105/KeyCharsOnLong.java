package bad.wk105;

import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

@WideTable(name = "numbers")
public record KeyCharsOnLong(
    @PartitionKey
    @KeyChars("0-9")
    long id,
    String name) {}
