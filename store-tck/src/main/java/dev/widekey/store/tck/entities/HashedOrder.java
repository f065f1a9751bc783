package dev.widekey.store.tck.entities;

import dev.widekey.annotations.HashPrefix;
import dev.widekey.annotations.Money;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Sequential;
import dev.widekey.annotations.WideTable;
import java.math.BigDecimal;

/**
 * A sequential order number behind the first 4 hex digits of its MD5 (200004 → "797e200004"). Its
 * partitions are the profile's default: 10 on Tablestore, the most the service creates a table
 * with.
 */
@WideTable(name = "gen_orders")
public record HashedOrder(
    @PartitionKey @Sequential @HashPrefix(length = 4) long orderNumber,
    @Money(scale = 2) BigDecimal total) {}
