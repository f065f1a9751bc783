package dev.widekey.sample;

import dev.widekey.annotations.HashPrefix;
import dev.widekey.annotations.Money;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Sequential;
import dev.widekey.annotations.ShardPeriod;
import dev.widekey.annotations.TimeSharded;
import dev.widekey.annotations.WideTable;
import java.math.BigDecimal;
import java.time.Instant;

/**
 * The seeds' monthly order tables: an order goes to the table of the month it was placed in ({@code
 * monthly_orders_2026_11}), writes go to the current month, and months older than the latest 12 are
 * archived and dropped. The order number stays hash-prefixed within each month.
 */
@WideTable(name = "monthly_orders")
@TimeSharded(by = "placedAt", period = ShardPeriod.MONTH, retain = 12)
public record MonthlyOrder(
    @PartitionKey @Sequential @HashPrefix(length = 4) long orderNumber,
    String cardId,
    @Money(scale = 2) BigDecimal total,
    Instant placedAt) {}
