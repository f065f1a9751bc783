package bad.wk306;

import dev.widekey.annotations.Index;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

@WideTable(name = "orders")
@Index(name = "by_card", columns = {"cardID"})
public record IndexUnknownColumn(
    @PartitionKey @KeyChars("0-9A-Z") @MaxLength(20) String customer,
    String cardId) {}
