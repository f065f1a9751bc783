package bad.wk201;

import dev.widekey.annotations.NotSequential;
import dev.widekey.annotations.Money;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

@WideTable(name = "prices")
public record MoneyOnKey(
    @NotSequential(reason = "ids are assigned at random, many are written at the same time") @PartitionKey
    @Money(scale = 2)
    long amount,
    String label) {}
