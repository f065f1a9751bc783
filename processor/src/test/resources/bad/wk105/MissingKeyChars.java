package bad.wk105;

import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

@WideTable(name = "seller_cards")
public record MissingKeyChars(
    @PartitionKey(order = 0) @KeyChars("a-z0-9") @MaxLength(16) String sellerId,
    @PartitionKey(order = 1) @MaxLength(16)
    String cardId,
    long amountCents) {}
