package warn;

import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

/** A String whose alphabet and length allow five values ("", "A" to "D") leads the key. */
@WideTable(name = "shelf_stock")
public record FewStringsLeading(
    @PartitionKey(order = 0) @KeyChars("A-D") @MaxLength(1) String shelf,
    @PartitionKey(order = 1) @KeyChars("a-z0-9") @MaxLength(16) String itemId,
    long count) {}
