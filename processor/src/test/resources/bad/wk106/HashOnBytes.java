package bad.wk106;

import dev.widekey.annotations.HashPrefix;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

@WideTable(name = "blobs")
public record HashOnBytes(
    @PartitionKey
    @HashPrefix(length = 4)
    byte[] digest,
    String contentType) {}
