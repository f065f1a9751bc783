package bad.wk306;

import dev.widekey.annotations.*;
import java.time.Instant;

@WideTable(name = "orders")
@Index(name = "by_card", columns = {"cardId"})
public record IndexBadAlphabet(
    @PartitionKey @KeyChars("0-9A-Z") @MaxLength(20) String customer,
    @KeyChars("z-a") @MaxLength(16) String cardId) {}
