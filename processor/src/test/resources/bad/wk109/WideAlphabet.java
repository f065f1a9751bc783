package bad.wk109;

import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

@WideTable(name = "titles")
public record WideAlphabet(
    @PartitionKey @KeyChars("a-z一-龥")
    @MaxLength(400)
    String title,
    String body) {}
