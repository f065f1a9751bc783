package good;

import dev.widekey.annotations.Chunked;
import dev.widekey.annotations.ColdColumn;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

/** WK202 passes: String and byte[] attributes may be chunked, hot or cold. */
@WideTable(name = "large_documents")
public record Document(
    @PartitionKey @KeyChars("a-z0-9-") @MaxLength(36) String documentId,
    String title,
    @Chunked byte[] attachment,
    @ColdColumn(compress = true) @Chunked String body) {}
