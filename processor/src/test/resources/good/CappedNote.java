package good;

import dev.widekey.annotations.NotSequential;
import dev.widekey.annotations.ColdColumn;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

/** A compressed column with its own cap on the inflated size: 1,000 bytes. */
@WideTable(name = "capped_notes")
public record CappedNote(
    @NotSequential(reason = "ids are assigned at random, many are written at the same time") @PartitionKey long noteId,
    String title,
    @ColdColumn(compress = true, maxInflatedBytes = 1000) String body) {}
