package good;

import dev.widekey.annotations.HashPrefix;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

/**
 * WK109 passes at exactly 1 KB on a key column of a hash-prefixed entity: the prefix leads the
 * partition column only.
 */
@WideTable(name = "hashed_urls")
@HashPrefix(length = 4)
public record HashedKeyColumnAtLimit(
    @PartitionKey long siteId,
    @KeyColumn @KeyChars("a-zA-Z0-9/._-") @MaxLength(1024) String url,
    int hits) {}
