package dev.widekey.store.tck.entities;

import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.Money;
import dev.widekey.annotations.NotSequential;
import dev.widekey.annotations.Padded;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;
import java.math.BigDecimal;

/**
 * A spliced partition key "deviceId,sellerId" (device 54 is "000054", so it sorts before 167) and
 * the order number as a second, INTEGER primary-key column.
 */
@WideTable(name = "gen_device_sales", delimiter = ',')
public record DeviceSale(
    @PartitionKey(order = 0)
        @Padded(width = 6)
        @NotSequential(reason = "many devices write at the same time")
        long deviceId,
    @PartitionKey(order = 1) @KeyChars("a-z0-9") @MaxLength(16) String sellerId,
    @KeyColumn long orderNumber,
    @Money(scale = 2) BigDecimal amount) {}
