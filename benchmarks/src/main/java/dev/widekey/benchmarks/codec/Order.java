package dev.widekey.benchmarks.codec;

import dev.widekey.annotations.HashPrefix;
import dev.widekey.annotations.Index;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.Money;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Sequential;
import dev.widekey.annotations.WideTable;
import java.math.BigDecimal;
import java.time.Instant;

/**
 * A copy of the sample app's entity, so that the processor generates its codec and repository in
 * this module for the benchmarks.
 *
 * <p>Orders keyed by their sequential order number. Alone it would send every new order to the last
 * partition; the first 4 hex digits of its MD5 in front scatter them over 10 pre-split partitions,
 * the most Tablestore creates a table with (200004 is stored as "797e200004"); the service splits
 * further by itself as the table grows.
 *
 * <p>The hash prefix takes away every range read over order numbers; the index {@code by_card}
 * (table {@code orders_by_card}, keyed by card, then time) gives back the reads a card needs: its
 * orders in time order, over a time range, a page at a time.
 */
@WideTable(name = "orders")
@Index(
    name = "by_card",
    columns = {"cardId", "placedAt"})
public record Order(
    @PartitionKey @Sequential @HashPrefix(length = 4) long orderNumber,
    @KeyChars("0-9A-F") @MaxLength(16) String cardId,
    @Money(scale = 2) BigDecimal total,
    Instant placedAt) {}
