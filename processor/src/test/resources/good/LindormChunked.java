package good;

import dev.widekey.annotations.Chunked;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Profile;
import dev.widekey.annotations.WideTable;

/**
 * WK202 passes: Lindorm holds 2 MB for all non-key values of a row, and a chunked value is stored in
 * chunk rows of its own, each within it.
 */
@WideTable(name = "lindorm_documents", profile = Profile.LINDORM)
public record LindormChunked(
    @PartitionKey @KeyChars("a-z0-9-") @MaxLength(36) String documentId,
    String title,
    @Chunked(maxBytes = 16L << 20)
    byte[] attachment) {}
