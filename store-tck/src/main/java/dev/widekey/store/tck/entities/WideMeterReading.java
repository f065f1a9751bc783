package dev.widekey.store.tck.entities;

import dev.widekey.annotations.ColdColumn;
import dev.widekey.annotations.Index;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.NotSequential;
import dev.widekey.annotations.Padded;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Profile;
import dev.widekey.annotations.RekeyedFrom;
import dev.widekey.annotations.WideTable;
import java.time.Instant;

/**
 * {@link LegacyMeterReading} re-keyed to an 8-digit meter number, with an index by site that the
 * move builds from the moved rows.
 */
@WideTable(name = "meter_readings_wide", profile = Profile.HBASE)
@RekeyedFrom(table = "meter_readings")
@Index(
    name = "by_site",
    columns = {"site", "at"})
public record WideMeterReading(
    @PartitionKey @Padded(width = 8) @NotSequential(reason = "meters report concurrently")
        long meter,
    @KeyColumn Instant at,
    @KeyChars("a-z") @MaxLength(8) String site,
    double kwh,
    @ColdColumn String note) {}
