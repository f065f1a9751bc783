package good;

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
 * WK210 and WK211 pass: an Instant attribute shards by month, 12 periods kept and 1 ahead, hot and
 * cold: 26 tables of Tablestore's 64. A point read names the shard value.
 */
@WideTable(name = "sharded_orders")
@TimeSharded(by = "createdAt", period = ShardPeriod.MONTH, retain = 12)
public record ShardedOrder(
    @PartitionKey @KeyChars("a-z0-9") @MaxLength(16) String customerId,
    @KeyColumn long orderId,
    Instant createdAt,
    @Money(scale = 2) BigDecimal total,
    @ColdColumn String note) {}
