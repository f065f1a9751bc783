package bad.wk306;

import dev.widekey.annotations.*;

@WideTable(name = "orders")
@Index(name = "by_card", columns = {"cardId"}, maintainedBy = IndexMaintenance.SERVICE_LOCAL)
public record ServiceIndexLocalNotLedByPartition(
    @PartitionKey @KeyChars("0-9A-Z") @MaxLength(20) String customer,
    @KeyChars("0-9A-Z") @MaxLength(16) String cardId) {}
