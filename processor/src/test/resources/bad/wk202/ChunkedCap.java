package bad.wk202;

import dev.widekey.annotations.Chunked;
import dev.widekey.annotations.ColdColumn;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

/** Caps no chunked value can have: none, negative, past one Java array. */
@WideTable(name = "capped_documents")
public record ChunkedCap(
    @PartitionKey @KeyChars("a-z0-9-") @MaxLength(36) String id,
    @Chunked(maxBytes = 0) String empty,
    @Chunked(maxBytes = -5) byte[] negative,
    @ColdColumn @Chunked(maxBytes = 4L << 30) String huge,
    @Chunked(maxBytes = 1) String tiny) {}
