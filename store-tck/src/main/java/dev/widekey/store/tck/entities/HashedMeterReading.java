package dev.widekey.store.tck.entities;

import dev.widekey.annotations.ColdColumn;
import dev.widekey.annotations.HashPrefix;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.Padded;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Profile;
import dev.widekey.annotations.RekeyedFrom;
import dev.widekey.annotations.WideTable;
import java.time.Instant;

/** {@link LegacyMeterReading} re-keyed behind a 4-hex MD5 prefix of its meter number. */
@WideTable(name = "meter_readings_hashed", profile = Profile.HBASE)
@RekeyedFrom(table = "meter_readings")
public record HashedMeterReading(
    @PartitionKey @Padded(width = 6) @HashPrefix(length = 4) long meter,
    @KeyColumn Instant at,
    String site,
    double kwh,
    @ColdColumn String note) {}
