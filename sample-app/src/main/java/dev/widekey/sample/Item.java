package dev.widekey.sample;

import dev.widekey.annotations.ColdColumn;
import dev.widekey.annotations.Money;
import dev.widekey.annotations.NotSequential;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;
import java.math.BigDecimal;

/**
 * The seeds' item table: quantity and price are read all the time, the long description rarely. The
 * description goes to the cold table {@code items_cold}, deflated, so reads of the hot columns
 * never drag it along. Item ids are numbers, which WK102 takes as sequential unless told otherwise:
 * new items are rare, and updates of quantities and prices hit items all over the catalogue.
 */
@WideTable(name = "items")
public record Item(
    @PartitionKey
        @NotSequential(reason = "the whole catalogue is updated at the same time, not in id order")
        long itemId,
    int quantity,
    @Money(scale = 2) BigDecimal price,
    @ColdColumn(compress = true) String description) {}
