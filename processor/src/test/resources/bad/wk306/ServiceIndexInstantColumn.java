package bad.wk306;

import dev.widekey.annotations.*;
import java.time.Instant;

@WideTable(name = "orders")
@Index(
    name = "by_time",
    columns = {"placedAt"},
    notSequential = @NotSequential(reason = "many clients"),
    maintainedBy = IndexMaintenance.SERVICE_GLOBAL)
public record ServiceIndexInstantColumn(
    @PartitionKey @KeyChars("0-9A-Z") @MaxLength(20) String customer,
    Instant placedAt) {}
