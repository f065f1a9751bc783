package good;

import dev.widekey.annotations.Chunked;
import dev.widekey.annotations.ColdColumn;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

/**
 * WK202 passes: one put of a Tablestore row carries 4 MB, but chunked values are stored in chunk
 * rows of their own, so all four may pass 2 MB at once.
 */
@WideTable(name = "chunked_pairs")
public record ChunkedPair(
    @PartitionKey @KeyChars("a-z0-9-") @MaxLength(36) String id,
    @Chunked String body,
    @Chunked byte[] attachment,
    @ColdColumn @Chunked String history,
    @ColdColumn @Chunked String notes) {}
