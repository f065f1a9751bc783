package dev.widekey.sample.codec;

import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.NotSequential;
import dev.widekey.annotations.Padded;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

/** A spliced key with a signed padded number and a string at the edges of its alphabet. */
@WideTable(name = "signed_readings")
public record SignedReading(
    @PartitionKey(order = 0)
        @Padded(width = 4, signed = true)
        @NotSequential(reason = "readings of many sensors arrive at the same time")
        int delta,
    @PartitionKey(order = 1) @KeyChars("a-z") @MaxLength(6) String label,
    @PartitionKey(order = 2) @Padded(width = 19) long big,
    @KeyColumn(order = 0) long sequence,
    String note) {}
