package query;

import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

/** A user's posts, newest first in key order: the time is a descending key column. */
@WideTable(name = "posts")
public record Post(
    @PartitionKey @KeyChars("a-z0-9") @MaxLength(16) String author,
    @KeyColumn(order = 0, descending = true) long at,
    @KeyColumn(order = 1) int n,
    String text) {}
