package bad.wk101;

import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

/** One key column states its order, the other does not: neither order decides alone. */
@WideTable(name = "mixed")
public record MixedOrders(
    @PartitionKey @KeyChars("a-z") @MaxLength(16) String tenant,
    @KeyColumn(order = 1) long b,
    @KeyColumn long a,
    String body) {}
