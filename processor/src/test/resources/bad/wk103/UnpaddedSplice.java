package bad.wk103;

import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

@WideTable(name = "region_devices")
public record UnpaddedSplice(
    @PartitionKey(order = 0) @KeyChars("a-z") @MaxLength(8) String region,
    @PartitionKey(order = 1)
    long deviceId,
    @PartitionKey(order = 2)
    Integer port,
    String model) {}
