package bad.wk306;

import dev.widekey.annotations.*;
import java.time.Instant;

@WideTable(name = "orders")
@Index(name = "by_text", columns = {"text"})
public record IndexColumnTooLarge(
    @PartitionKey @KeyChars("0-9A-Z") @MaxLength(20) String customer,
    @KeyChars("a-z") @MaxLength(2000) String text) {}
