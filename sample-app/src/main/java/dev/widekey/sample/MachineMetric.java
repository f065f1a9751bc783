package dev.widekey.sample;

import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Profile;
import dev.widekey.annotations.WideTable;
import java.time.Instant;

/**
 * Machine metrics, Lindorm-style: the machine's IP leads, so each machine's series is one
 * partition-key value and machines spread over partitions; the timestamp is a key column, where a
 * sequential value only orders one machine's rows.
 */
@WideTable(name = "machine_metrics", profile = Profile.LINDORM)
public record MachineMetric(
    @PartitionKey @KeyChars("0-9a-f.:") @MaxLength(45) String machineIp,
    @KeyColumn Instant timestamp,
    double cpuLoad,
    long memoryUsedBytes) {}
