package bad.wk306;

import dev.widekey.annotations.*;
import java.time.Instant;

@WideTable(name = "orders")
@Index(name = "by_note", columns = {"note"})
public record IndexColdColumn(
    @PartitionKey @KeyChars("0-9A-Z") @MaxLength(20) String customer,
    @ColdColumn String note) {}
