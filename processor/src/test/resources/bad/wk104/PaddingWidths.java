package bad.wk104;

import dev.widekey.annotations.NotSequential;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.Padded;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

@WideTable(name = "padding")
public record PaddingWidths(
    @NotSequential(reason = "ids are assigned at random, many are written at the same time") @PartitionKey
    @Padded(width = 25)
    long deviceId,
    @KeyColumn(order = 0)
    @Padded(width = 11, signed = true)
    int shopId,
    @KeyColumn(order = 1)
    @Padded(width = 0)
    long sequence,
    String note) {}
