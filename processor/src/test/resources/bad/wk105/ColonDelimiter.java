package bad.wk105;

import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

@WideTable(name = "seller_cards", delimiter = ':')
public record ColonDelimiter(
    @PartitionKey(order = 0) @MaxLength(16)
    @KeyChars("a-z0-9")
    String sellerId,
    @PartitionKey(order = 1) @MaxLength(16)
    @KeyChars("0-9A-Z")
    String cardId,
    long amountCents) {}
