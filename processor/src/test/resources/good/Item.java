package good;

import dev.widekey.annotations.NotSequential;
import dev.widekey.annotations.ColdColumn;
import dev.widekey.annotations.Money;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;
import java.math.BigDecimal;

/**
 * WK201 passes: money is BigDecimal with @Money (scales 0 to 18); a double that is not money is
 * fine. WK204 passes: boxed and compressible cold columns in the default cold table.
 */
@WideTable(name = "items")
public record Item(
    @NotSequential(reason = "ids are assigned at random, many are written at the same time") @PartitionKey long itemId,
    int quantity,
    @Money(scale = 2) BigDecimal price,
    @Money(scale = 0) BigDecimal priceInYen,
    @Money(scale = 18) BigDecimal exchangeRate,
    double weightKg,
    boolean active,
    @ColdColumn(compress = true) String description,
    @ColdColumn(compress = true) byte[] thumbnail,
    @ColdColumn Long views) {}
