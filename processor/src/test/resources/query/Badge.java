package query;

import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

/** Properties whose names end in a capital: tenantID, and the one-letter k and n. */
@WideTable(name = "badges")
public record Badge(
    @PartitionKey @KeyChars("0-9A-Z") String tenantID,
    @KeyColumn(order = 0) @KeyChars("a-z") String k,
    @KeyColumn(order = 1) long n,
    String label) {}
