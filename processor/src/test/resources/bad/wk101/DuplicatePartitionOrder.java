package bad.wk101;

import dev.widekey.annotations.NotSequential;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.Padded;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

@WideTable(name = "device_transactions")
public record DuplicatePartitionOrder(
    @NotSequential(reason = "ids are assigned at random, many are written at the same time") @PartitionKey(order = 0) @Padded(width = 6) long deviceId,
    @PartitionKey(order = 0) @KeyChars("a-z0-9") @MaxLength(16)
    String sellerId,
    long amountCents) {}
