package bad.wk105;

import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

@WideTable(name = "tagged")
public record BangInAlphabet(
    @PartitionKey(order = 0) @KeyChars("a-z") @MaxLength(16) String owner,
    @PartitionKey(order = 1) @MaxLength(16)
    @KeyChars("!a-z")
    String tag,
    String value) {}
