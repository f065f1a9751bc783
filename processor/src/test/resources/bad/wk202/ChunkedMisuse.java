package bad.wk202;

import dev.widekey.annotations.Chunked;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

@WideTable(name = "documents")
public record ChunkedMisuse(
    @PartitionKey @Chunked String documentId,
    @Chunked long size,
    String title) {}
