package bad.wk109;

import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

@WideTable(name = "places")
public record SplicedTooLong(
    @PartitionKey(order = 0) @KeyChars("a-z")
    @MaxLength(600)
    String region,
    @PartitionKey(order = 1) @KeyChars("a-z")
    @MaxLength(500)
    String name,
    String description) {}
