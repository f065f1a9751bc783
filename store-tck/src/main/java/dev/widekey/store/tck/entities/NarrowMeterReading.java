package dev.widekey.store.tck.entities;

import dev.widekey.annotations.ColdColumn;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.NotSequential;
import dev.widekey.annotations.Padded;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Profile;
import dev.widekey.annotations.RekeyedFrom;
import dev.widekey.annotations.WideTable;
import java.time.Instant;

/**
 * {@link LegacyMeterReading} re-keyed to a 5-digit meter number, too narrow for meters from 100000:
 * the move refuses those rows, with their keys and rule, and never truncates them.
 */
@WideTable(name = "meter_readings_narrow", profile = Profile.HBASE)
@RekeyedFrom(table = "meter_readings")
public record NarrowMeterReading(
    @PartitionKey @Padded(width = 5) @NotSequential(reason = "meters report concurrently")
        long meter,
    @KeyColumn Instant at,
    String site,
    double kwh,
    @ColdColumn String note) {}
