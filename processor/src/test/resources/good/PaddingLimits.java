package good;

import dev.widekey.annotations.NotSequential;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.Padded;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

/** WK104 passes at every type's widest padding: long 19, int 10 (signed), short 5. */
@WideTable(name = "padding_limits")
public record PaddingLimits(
    @NotSequential(reason = "ids are assigned at random, many are written at the same time") @PartitionKey(order = 0) @Padded(width = 19) long accountId,
    @PartitionKey(order = 1) @Padded(width = 10, signed = true) int delta,
    @KeyColumn(order = 0) @Padded(width = 5) short slot,
    String note) {}
