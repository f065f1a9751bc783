package good;

import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

/** WK110 passes at the Tablestore maximum: 4 primary-key columns. */
@WideTable(name = "card_transactions")
public record FourColumns(
    @PartitionKey @KeyChars("0-9A-Z") @MaxLength(16) String cardId,
    @KeyColumn(order = 0) @KeyChars("a-z0-9") @MaxLength(16) String sellerId,
    @KeyColumn(order = 1) long deviceId,
    @KeyColumn(order = 2) long orderNumber,
    long amountCents) {}
