package bad.wk202;

import dev.widekey.annotations.Chunked;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Profile;
import dev.widekey.annotations.WideTable;

/** Lindorm holds 2 MB for all non-key values of a row: a value that needs chunks never fits. */
@WideTable(name = "lindorm_documents", profile = Profile.LINDORM)
public record LindormChunked(
    @PartitionKey @KeyChars("a-z0-9-") @MaxLength(36) String documentId,
    String title,
    @Chunked
    byte[] attachment) {}
