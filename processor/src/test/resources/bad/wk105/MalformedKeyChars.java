package bad.wk105;

import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

@WideTable(name = "words")
public record MalformedKeyChars(
    @PartitionKey @MaxLength(16)
    @KeyChars("z-a")
    String word,
    String meaning) {}
