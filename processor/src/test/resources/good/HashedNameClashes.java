package good;

import dev.widekey.annotations.HashPrefix;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

/** Key components named like the locals of generated hashed-key code. */
@WideTable(name = "hashed_name_clashes")
@HashPrefix(length = 4)
public record HashedNameClashes(
    @PartitionKey(order = 0) long text,
    @PartitionKey(order = 1) @KeyChars("a-z") @MaxLength(8) String unprefixed,
    @KeyColumn(order = 0) long key,
    @KeyColumn(order = 1) long fromValue,
    @KeyColumn(order = 2) long toValue,
    String value) {}
