package query;

import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Reversed;
import dev.widekey.annotations.Sequential;
import dev.widekey.annotations.WideTable;

/** Users by a reversed auto-increment id, then a session number. */
@WideTable(name = "users")
public record User(
    @PartitionKey @Sequential @Reversed long userId,
    @KeyColumn(order = 0) long session,
    String displayName) {}
