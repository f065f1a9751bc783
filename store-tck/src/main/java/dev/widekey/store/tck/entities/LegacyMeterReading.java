package dev.widekey.store.tck.entities;

import dev.widekey.annotations.ColdColumn;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.NotSequential;
import dev.widekey.annotations.Padded;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Profile;
import dev.widekey.annotations.WideTable;
import java.time.Instant;

/**
 * Meter readings under their first key layout: the meter number padded to 6 digits, no prefix. The
 * re-keying contract's source; {@link WideMeterReading} and {@link HashedMeterReading} declare
 * moves from its committed layout ({@code store-tck/widekey-layouts/meter_readings.layout}).
 */
@WideTable(name = "meter_readings", profile = Profile.HBASE)
public record LegacyMeterReading(
    @PartitionKey @Padded(width = 6) @NotSequential(reason = "meters report concurrently")
        long meter,
    @KeyColumn Instant at,
    String site,
    double kwh,
    @ColdColumn String note) {}
