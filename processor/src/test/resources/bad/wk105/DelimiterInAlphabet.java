package bad.wk105;

import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

@WideTable(name = "csv_keys")
public record DelimiterInAlphabet(
    @PartitionKey(order = 0) @KeyChars("a-z") @MaxLength(16) String owner,
    @PartitionKey(order = 1) @MaxLength(16)
    @KeyChars("a-z,")
    String path,
    String value) {}
