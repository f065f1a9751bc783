package bad.wk105;

import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

@WideTable(name = "tabbed",
    delimiter = '\t')
public record ControlDelimiter(
    @PartitionKey(order = 0) @KeyChars("a-z") @MaxLength(16) String first,
    @PartitionKey(order = 1) @KeyChars("a-z") @MaxLength(16) String second,
    String value) {}
