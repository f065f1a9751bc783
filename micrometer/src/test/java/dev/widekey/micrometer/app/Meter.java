package dev.widekey.micrometer.app;

import dev.widekey.annotations.ColdColumn;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

/** A utility meter: its reading is hot, its installation notes are cold. */
@WideTable(name = "meters")
public record Meter(
    @PartitionKey @KeyChars("A-Z0-9") @MaxLength(12) String meterId,
    long reading,
    @ColdColumn(compress = true) String notes) {}
