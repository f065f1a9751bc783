package bad.wk306;

import dev.widekey.annotations.*;
import java.time.Instant;

@WideTable(name = "orders")
@Index(name = "by_time", columns = {"placedAt"}, hashPrefix = @HashPrefix(length = 40))
public record IndexHashLength(
    @PartitionKey @KeyChars("0-9A-Z") @MaxLength(20) String customer,
    Instant placedAt) {}
