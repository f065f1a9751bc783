package dev.widekey.sample;

import dev.widekey.annotations.HashPrefix;
import dev.widekey.annotations.Money;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Sequential;
import dev.widekey.annotations.WideTable;
import java.math.BigDecimal;
import java.time.Instant;

/**
 * Orders keyed by their sequential order number. Alone it would send every new order to the last
 * partition; the first 4 hex digits of its MD5 in front scatter them over 10 pre-split partitions,
 * the most Tablestore creates a table with (200004 is stored as "797e200004"); the service splits
 * further by itself as the table grows.
 */
@WideTable(name = "orders")
public record Order(
    @PartitionKey @Sequential @HashPrefix(length = 4) long orderNumber,
    String cardId,
    @Money(scale = 2) BigDecimal total,
    Instant placedAt) {}
