package bad.wk106;

import dev.widekey.annotations.HashPrefix;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

@WideTable(name = "card_orders")
public record HashOnKeyColumn(
    @PartitionKey @KeyChars("0-9A-Z") @MaxLength(16) String cardId,
    @KeyColumn
    @HashPrefix(length = 4)
    long orderNumber,
    long amountCents) {}
