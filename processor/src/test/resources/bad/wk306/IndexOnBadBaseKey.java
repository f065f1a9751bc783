package bad.wk306;

import dev.widekey.annotations.Index;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

/** The reference column's size is not bounded from a key whose alphabet is invalid. */
@WideTable(name = "orders")
@Index(name = "by_card", columns = {"cardId"})
public record IndexOnBadBaseKey(
    @PartitionKey @KeyChars("") @MaxLength(20) String customer,
    @KeyChars("0-9A-Z") @MaxLength(16) String cardId) {}
