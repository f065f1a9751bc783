package dev.widekey.store.tck.entities;

import dev.widekey.annotations.Bucketed;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

/**
 * A bucketed text spliced with another component: a bound on {@code name} outside its alphabet or
 * length (or holding the delimiter) must still select exactly the names it bounds.
 */
@WideTable(name = "gen_bucketed_names", delimiter = ',')
public record BucketedName(
    @PartitionKey(order = 0) @Bucketed(buckets = 4) @KeyChars("a-z") @MaxLength(3) String name,
    @PartitionKey(order = 1) @KeyChars("a-z0-9") @MaxLength(4) String part,
    long value) {}
