package bad.wk201;

import dev.widekey.annotations.Money;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

@WideTable(name = "prices")
public record MoneyOnKey(
    @PartitionKey
    @Money(scale = 2)
    long amount,
    String label) {}
