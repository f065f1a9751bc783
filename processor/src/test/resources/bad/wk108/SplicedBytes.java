package bad.wk108;

import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

@WideTable(name = "chunks")
public record SplicedBytes(
    @PartitionKey(order = 0) @KeyChars("a-z") @MaxLength(8) String bucket,
    @PartitionKey(order = 1)
    byte[] digest,
    long size) {}
