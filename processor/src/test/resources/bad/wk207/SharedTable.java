package bad.wk207;

import dev.widekey.annotations.NotSequential;
import dev.widekey.annotations.ColdColumn;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Profile;
import dev.widekey.annotations.WideTable;

/** Three entities: the first one declared holds "orders" and "orders_cold"; the others clash. */
@WideTable(name = "orders")
record Orders(
    @NotSequential(reason = "ids are assigned at random, many are written at the same time") @PartitionKey long orderId,
    String cardId,
    @ColdColumn String notes) {}

@WideTable(name = "orders", profile = Profile.LINDORM)
public record SharedTable(
    @NotSequential(reason = "ids are assigned at random, many are written at the same time") @PartitionKey long orderId,
    String cardId) {}

@WideTable(name = "order_notes",
    coldTable = "orders_cold")
record OrderNotes(
    @NotSequential(reason = "ids are assigned at random, many are written at the same time") @PartitionKey long orderId,
    String author,
    @ColdColumn String text) {}
