package bad.wk306;

import dev.widekey.annotations.*;
import java.time.Instant;

@WideTable(name = "orders")
@Index(
    name = "by_time",
    columns = {"placedAt"},
    hashPrefix = {@HashPrefix(length = 4), @HashPrefix(length = 6)})
public record IndexOptionTwice(
    @PartitionKey @KeyChars("0-9A-Z") @MaxLength(20) String customer,
    Instant placedAt) {}
