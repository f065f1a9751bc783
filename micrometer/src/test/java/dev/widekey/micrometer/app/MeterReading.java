package dev.widekey.micrometer.app;

import dev.widekey.annotations.HashPrefix;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Sequential;
import dev.widekey.annotations.ShardPeriod;
import dev.widekey.annotations.TimeSharded;
import dev.widekey.annotations.WideTable;
import java.time.Instant;

/** One reading per row, in a table per month: {@code meter_readings_2026_11}. */
@WideTable(name = "meter_readings")
@TimeSharded(by = "readAt", period = ShardPeriod.MONTH, retain = 12)
public record MeterReading(
    @PartitionKey @Sequential @HashPrefix(length = 4) long readingId,
    String meterId,
    long value,
    Instant readAt) {}
