package dev.widekey.sample;

import dev.widekey.annotations.Bucketed;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Profile;
import dev.widekey.annotations.WideTable;
import java.time.Instant;

/**
 * Machine metrics keyed by time first (seed 001, approach 3): the bucket {@code timestamp % 16}
 * (epoch milliseconds) leads the first key column, the timestamp follows, then the machine's IP. A
 * time-ordered write stream goes round-robin to 16 buckets, pre-split on HBase into 16 regions; a
 * time-range read runs one scan per bucket and merges them in timestamp order.
 */
@WideTable(name = "machine_metrics_by_time", profile = Profile.HBASE)
public record BucketedMachineMetric(
    @PartitionKey(order = 0) @Bucketed(buckets = 16) Instant timestamp,
    @KeyColumn @KeyChars("0-9a-f.:") @MaxLength(45) String machineIp,
    double cpuLoad,
    long memoryUsedBytes) {}
