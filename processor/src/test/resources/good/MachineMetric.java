package good;

import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Profile;
import dev.widekey.annotations.Sequential;
import dev.widekey.annotations.WideTable;
import java.time.Instant;

/**
 * WK102 passes: the sequential values are key columns, ordering one machine's rows only. WK205
 * passes: a Lindorm row with hot attributes. The partition key is not spliced, so ':' in its
 * alphabet is fine.
 */
@WideTable(name = "machine_metrics", profile = Profile.LINDORM)
public record MachineMetric(
    @PartitionKey @KeyChars("0-9a-f.:") @MaxLength(45) String machineIp,
    @KeyColumn(order = 0) Instant timestamp,
    @KeyColumn(order = 1) @Sequential long sequence,
    double cpuLoad,
    long memoryUsedBytes) {}
