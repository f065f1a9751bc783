package bad.wk306;

import dev.widekey.annotations.*;
import java.time.Instant;

@WideTable(name = "orders")
@Index(name = "by_card", columns = {"cardId"})
public record IndexRefTooLarge(
    @PartitionKey @KeyChars("0-9A-Z") @MaxLength(1020) String customer,
    @KeyChars("0-9A-Z") @MaxLength(16) String cardId) {}
