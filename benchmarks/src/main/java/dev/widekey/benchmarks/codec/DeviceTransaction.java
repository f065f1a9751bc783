package dev.widekey.benchmarks.codec;

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
 * A copy of the sample app's entity, so that the processor generates its codec and repository in
 * this module for the benchmarks.
 *
 * <p>The seeds' spliced partition key: DeviceID, SellerID and CardID joined by ',' into one string
 * column, so that no single partition-key value grows past the 10 GB guideline. The device id is
 * padded so that 54 sorts before 167, and ',' sorts below every digit and letter so that seller
 * a100 sorts before a1001. The device id is a number, but not a sequence: many devices write at the
 * same time, which is why the seeds lead with it (the opt-out says so, rule WK102).
 */
@WideTable(name = "device_transactions", delimiter = ',')
public record DeviceTransaction(
    @PartitionKey(order = 0)
        @Padded(width = 6)
        @NotSequential(reason = "many devices write at the same time")
        long deviceId,
    @PartitionKey(order = 1) @KeyChars("a-z0-9") @MaxLength(16) String sellerId,
    @PartitionKey(order = 2) @KeyChars("0-9A-Z") @MaxLength(16) String cardId,
    @KeyColumn(order = 0) long orderNumber,
    @Money(scale = 2) BigDecimal amount) {}
