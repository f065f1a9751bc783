package warn;

import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

/** A String named for a sequence: often increasing values written as text. */
@WideTable(name = "orders_by_number")
public record SequenceNamedLeading(
    @PartitionKey @KeyChars("0-9A-Z") @MaxLength(20) String orderNumber,
    String cardId) {}
