package good;

import dev.widekey.annotations.Index;
import dev.widekey.annotations.IndexMaintenance;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.NotSequential;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

@WideTable(name = "svc_orders")
@Index(
    name = "by_status",
    columns = {"customer", "status"},
    maintainedBy = IndexMaintenance.SERVICE_LOCAL)
@Index(
    name = "by_card",
    columns = {"cardId"},
    maintainedBy = IndexMaintenance.SERVICE_GLOBAL)
@Index(
    name = "by_amount",
    columns = {"amount"},
    notSequential = @NotSequential(reason = "amounts are written in no order"),
    maintainedBy = IndexMaintenance.SERVICE_GLOBAL)
@Index(name = "by_note", columns = {"note"})
public record ServiceIndexedOrder(
    @PartitionKey @KeyChars("0-9A-Z") @MaxLength(20) String customer,
    @KeyColumn @KeyChars("0-9") @MaxLength(12) String orderId,
    @KeyChars("0-9A-Z") @MaxLength(16) String cardId,
    @KeyChars("A-Z") @MaxLength(12) String status,
    long amount,
    @KeyChars("a-z") @MaxLength(20) String note) {}
