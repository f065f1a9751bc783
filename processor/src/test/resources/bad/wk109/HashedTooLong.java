package bad.wk109;

import dev.widekey.annotations.HashPrefix;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

@WideTable(name = "pages")
public record HashedTooLong(
    @PartitionKey @KeyChars("a-z/") @HashPrefix(length = 32)
    @MaxLength(1000)
    String path,
    String html) {}
