package dev.widekey.store.tck.entities;

import dev.widekey.annotations.ColdColumn;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.Money;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.ShardPeriod;
import dev.widekey.annotations.TimeSharded;
import dev.widekey.annotations.WideTable;
import java.math.BigDecimal;
import java.time.Instant;

/**
 * One table (and cold table) per month of {@code placedAt}, three months kept: {@code
 * gen_purchases_2026_11}. The key is customer first, so a read over several months merges them.
 */
@WideTable(name = "gen_purchases")
@TimeSharded(by = "placedAt", period = ShardPeriod.MONTH, retain = 3)
public record ShardedPurchase(
    @PartitionKey @KeyChars("a-z0-9") @MaxLength(16) String customerId,
    @KeyColumn long purchaseId,
    Instant placedAt,
    @Money(scale = 2) BigDecimal amount,
    @ColdColumn String receipt) {}
