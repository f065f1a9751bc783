package warn;

import dev.widekey.annotations.*;
import java.time.Instant;

@WideTable(name = "prefixed_orders")
@Index(name = "by_customer", columns = {"customer"})
public record IndexIsKeyPrefix(
    @PartitionKey @KeyChars("0-9A-Z") @MaxLength(20) String customer,
    @KeyColumn @KeyChars("0-9A-Z") @MaxLength(20) String code,
    String cardId) {}
