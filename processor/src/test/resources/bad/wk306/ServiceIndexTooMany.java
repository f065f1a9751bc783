package bad.wk306;

import dev.widekey.annotations.*;

@WideTable(name = "orders")
@Index(name = "by_a", columns = {"a"}, maintainedBy = IndexMaintenance.SERVICE_GLOBAL)
@Index(name = "by_b", columns = {"b"}, maintainedBy = IndexMaintenance.SERVICE_GLOBAL)
@Index(name = "by_c", columns = {"c"}, maintainedBy = IndexMaintenance.SERVICE_GLOBAL)
@Index(name = "by_d", columns = {"d"}, maintainedBy = IndexMaintenance.SERVICE_GLOBAL)
@Index(name = "by_e", columns = {"e"}, maintainedBy = IndexMaintenance.SERVICE_GLOBAL)
@Index(name = "by_f", columns = {"f"}, maintainedBy = IndexMaintenance.SERVICE_GLOBAL)
public record ServiceIndexTooMany(
    @PartitionKey @KeyChars("0-9A-Z") @MaxLength(20) String customer,
    @KeyChars("0-9A-Z") @MaxLength(16) String a,
    @KeyChars("0-9A-Z") @MaxLength(16) String b,
    @KeyChars("0-9A-Z") @MaxLength(16) String c,
    @KeyChars("0-9A-Z") @MaxLength(16) String d,
    @KeyChars("0-9A-Z") @MaxLength(16) String e,
    @KeyChars("0-9A-Z") @MaxLength(16) String f) {}
