package dev.widekey.store.tck.entities;

import dev.widekey.annotations.Bucketed;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Sequential;
import dev.widekey.annotations.WideTable;

/**
 * A sensor reading keyed by a sequential timestamp in 16 buckets ({@code timestamp % 16} leads the
 * first key column: "05" + the padded number). On Tablestore the 16 buckets are pre-split into 10
 * partitions, the most the service creates a table with; range reads over the timestamp merge the
 * 16 bucket scans.
 */
@WideTable(name = "gen_readings")
public record BucketedReading(
    @PartitionKey @Sequential @Bucketed(buckets = 16) long timestamp,
    @KeyColumn @KeyChars("a-z0-9") @MaxLength(16) String sensor,
    long value) {}
