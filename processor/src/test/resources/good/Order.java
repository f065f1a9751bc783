package good;

import dev.widekey.annotations.HashPrefix;
import dev.widekey.annotations.Money;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Sequential;
import dev.widekey.annotations.WideTable;
import java.math.BigDecimal;
import java.time.Instant;

/** WK102 passes: the sequential order number is scattered by a hash prefix. */
@WideTable(name = "orders")
public record Order(
    @PartitionKey @Sequential @HashPrefix(length = 4) long orderNumber,
    String cardId,
    @Money(scale = 2) BigDecimal total,
    Instant placedAt) {}
