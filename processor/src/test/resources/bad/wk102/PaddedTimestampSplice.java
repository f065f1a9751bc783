package bad.wk102;

import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.Padded;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

/** Padding keeps a timestamp in order as text, which is what sends every write to one partition. */
@WideTable(name = "readings")
public record PaddedTimestampSplice(
    @PartitionKey(order = 0) @Padded(width = 13) long timestamp,
    @PartitionKey(order = 1) @KeyChars("a-z0-9") @MaxLength(16) String deviceId,
    double value) {}
