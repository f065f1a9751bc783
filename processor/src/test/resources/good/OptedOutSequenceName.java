package good;

import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.NotSequential;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

/** A String named like a sequence that is not one, and says why. */
@WideTable(name = "imports_by_batch")
public record OptedOutSequenceName(
    @PartitionKey @KeyChars("a-z0-9-") @MaxLength(36)
        @NotSequential(reason = "batch ids are random UUID text, despite the name")
        String batchSeq,
    String file) {}
