package bad.wk306;

import dev.widekey.annotations.*;

@WideTable(name = "orders")
@Index(
    name = "by_all",
    columns = {"a", "b", "c", "d", "e"},
    maintainedBy = IndexMaintenance.SERVICE_GLOBAL)
public record ServiceIndexFiveColumns(
    @PartitionKey @KeyChars("0-9A-Z") @MaxLength(20) String customer,
    @KeyChars("0-9A-Z") @MaxLength(16) String a,
    @KeyChars("0-9A-Z") @MaxLength(16) String b,
    @KeyChars("0-9A-Z") @MaxLength(16) String c,
    @KeyChars("0-9A-Z") @MaxLength(16) String d,
    @KeyChars("0-9A-Z") @MaxLength(16) String e) {}
