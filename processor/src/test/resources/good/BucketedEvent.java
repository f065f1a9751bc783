package good;

import dev.widekey.annotations.Bucketed;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Profile;
import dev.widekey.annotations.WideTable;
import java.time.Instant;

/**
 * A time type leads a spliced partition key, bucketed (WK102 passes): the bucket is the epoch
 * millisecond mod 8, on HBase every bucket its own region.
 */
@WideTable(name = "bucketed_events", profile = Profile.HBASE)
public record BucketedEvent(
    @PartitionKey(order = 0) @Bucketed(buckets = 8) Instant at,
    @PartitionKey(order = 1) @KeyChars("a-z0-9") @MaxLength(16) String source,
    String payload) {}
