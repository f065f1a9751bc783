package query;

import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

/** Daily totals of a shop: a spliced partition key (region, shop), then the day. */
@WideTable(name = "shop_days")
public record Shop(
    @PartitionKey(order = 0) @KeyChars("a-z") @MaxLength(8) String region,
    @PartitionKey(order = 1) @KeyChars("a-z0-9") @MaxLength(12) String shop,
    @KeyColumn(order = 0) int day,
    long total) {}
