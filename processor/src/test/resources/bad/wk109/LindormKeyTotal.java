package bad.wk109;

import dev.widekey.annotations.HashPrefix;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Profile;
import dev.widekey.annotations.WideTable;

/** Each column fits Lindorm's 2 KB, but the three together encode into a 3,013-byte row key. */
@WideTable(name = "paths", profile = Profile.LINDORM)
public record LindormKeyTotal(
    @PartitionKey @HashPrefix(length = 4) @KeyChars("a-z") @MaxLength(1000) String volume,
    @KeyColumn(order = 0) @KeyChars("a-z/") @MaxLength(1000) String directory,
    @KeyColumn(order = 1) @KeyChars("a-z.")
    @MaxLength(1000)
    String file,
    String owner) {}
