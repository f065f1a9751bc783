package bad.wk306;

import dev.widekey.annotations.*;

@WideTable(name = "orders")
@Index(
    name = "by_amount",
    columns = {"amount"},
    notSequential = @NotSequential(reason = "many clients"),
    maintainedBy = IndexMaintenance.SERVICE_GLOBAL)
public record ServiceIndexPaddedColumn(
    @PartitionKey @KeyChars("0-9A-Z") @MaxLength(20) String customer,
    @Padded(width = 10) long amount) {}
