package bad.wk306;

import dev.widekey.annotations.Index;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

@WideTable(name = "orders")
@Index(name = "card_1", columns = {"cardId"})
@Index(name = "card1", columns = {"cardId"})
public record IndexSameMembers(
    @PartitionKey @KeyChars("0-9A-Z") @MaxLength(20) String customer,
    @KeyChars("0-9A-Z") @MaxLength(16) String cardId) {}
