package warn;

import dev.widekey.annotations.Chunked;
import dev.widekey.annotations.ColdColumn;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

/**
 * One put of a Tablestore row carries 4 MB: two chunked values in one row can never both pass 2
 * MB. The second chunked field of each row is warned.
 */
@WideTable(name = "chunked_pairs")
public record ChunkedPair(
    @PartitionKey @KeyChars("a-z0-9-") @MaxLength(36) String id,
    @Chunked String body,
    @Chunked byte[] attachment,
    @ColdColumn @Chunked String history,
    @ColdColumn @Chunked String notes) {}
