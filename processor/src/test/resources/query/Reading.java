package query;

import dev.widekey.annotations.Bucketed;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

/** Readings by time, bucketed: ranges over the time are one scan per bucket, merged. */
@WideTable(name = "readings")
public record Reading(
    @PartitionKey @Bucketed(buckets = 4) long timestamp,
    @KeyColumn(order = 0) @KeyChars("a-z0-9") @MaxLength(16) String sensor,
    long value) {}
