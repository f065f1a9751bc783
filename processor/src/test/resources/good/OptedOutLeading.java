package good;

import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.NotSequential;
import dev.widekey.annotations.Padded;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;
import java.time.Instant;

/** WK102 passes with the opt-out: device ids are numbers, but many devices write at once. */
@WideTable(name = "device_readings")
public record OptedOutLeading(
    @PartitionKey(order = 0) @Padded(width = 8)
        @NotSequential(reason = "many devices write at the same time") long deviceId,
    @PartitionKey(order = 1) @KeyChars("a-z") @MaxLength(8) String sensor,
    @KeyColumn Instant readAt,
    double value) {}
