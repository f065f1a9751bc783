package query;

import dev.widekey.annotations.HashPrefix;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Reversed;
import dev.widekey.annotations.Sequential;
import dev.widekey.annotations.WideTable;

/** Orders scattered by a hash prefix, with a line number and a reversed user id. */
@WideTable(name = "hashed_orders")
public record Hashed(
    @PartitionKey @Sequential @HashPrefix(length = 4) long orderNumber,
    @KeyColumn(order = 0) int line,
    long cents) {}
