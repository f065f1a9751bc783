package bad.wk306;

import dev.widekey.annotations.*;
import java.time.Instant;

@WideTable(name = "orders")
@Index(name = "by_amount", columns = {"amount"}, notSequential = @NotSequential(reason = " "))
public record IndexBlankReason(
    @PartitionKey @KeyChars("0-9A-Z") @MaxLength(20) String customer,
    long amount) {}
