package dev.widekey.store.tck.entities;

import dev.widekey.annotations.ColdColumn;
import dev.widekey.annotations.Money;
import dev.widekey.annotations.NotSequential;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;
import java.math.BigDecimal;

/** Hot quantity and price; the rarely read description deflated in table gen_items_cold. */
@WideTable(name = "gen_items")
public record ColdItem(
    @PartitionKey
        @NotSequential(reason = "the whole catalogue is updated at the same time, not in id order")
        long itemId,
    int quantity,
    @Money(scale = 2) BigDecimal price,
    @ColdColumn(compress = true) String description) {}
