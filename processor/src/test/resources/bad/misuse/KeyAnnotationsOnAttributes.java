package bad.misuse;

import dev.widekey.annotations.NotSequential;
import dev.widekey.annotations.Bucketed;
import dev.widekey.annotations.HashPrefix;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.Padded;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Reversed;
import dev.widekey.annotations.Sequential;
import dev.widekey.annotations.WideTable;

@WideTable(name = "misused")
public record KeyAnnotationsOnAttributes(
    @NotSequential(reason = "ids are assigned at random, many are written at the same time") @PartitionKey long id,
    @Padded(width = 6) long padded,
    @KeyChars("a-z") String chars,
    @MaxLength(10) String bounded,
    @Sequential long counter,
    @Reversed long reversed,
    @HashPrefix long hashed,
    @Bucketed(buckets = 4) long bucketed) {}
