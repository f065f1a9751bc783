package good;

import dev.widekey.annotations.Bucketed;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

/** A bucketed text component: the bucket is a digest of the text mod 4. */
@WideTable(name = "bucketed_names")
public record BucketedName(
    @PartitionKey @Bucketed(buckets = 4) @KeyChars("a-z") @MaxLength(20) String name, long count) {}
