package good;

import dev.widekey.annotations.HashPrefix;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

/**
 * WK103 passes without @Padded: the whole partition key is hashed, so its text order never
 * matters (only point reads are generated).
 */
@WideTable(name = "sessions")
@HashPrefix(length = 6)
public record HashedSplice(
    @PartitionKey(order = 0) long deviceId,
    @PartitionKey(order = 1) @KeyChars("a-z") @MaxLength(12) String app,
    String token) {}
