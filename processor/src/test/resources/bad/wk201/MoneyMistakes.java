package bad.wk201;

import dev.widekey.annotations.NotSequential;
import dev.widekey.annotations.Money;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;
import java.math.BigDecimal;

@WideTable(name = "invoices")
public record MoneyMistakes(
    @NotSequential(reason = "ids are assigned at random, many are written at the same time") @PartitionKey long invoiceId,
    BigDecimal total,
    double price,
    Float shippingCost,
    @Money(scale = 2)
    long amountCents,
    @Money(scale = 19)
    BigDecimal fee,
    @Money(scale = -1)
    BigDecimal tax,
    double weightKg) {}
