package good;

import dev.widekey.annotations.ColdColumn;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Version;
import dev.widekey.annotations.WideTable;

/** A versioned record with a cold column: every put checks the version on the hot row. */
@WideTable(name = "versioned_notes")
public record VersionedNote(
    @PartitionKey @KeyChars("a-z0-9") @MaxLength(20) String noteId,
    String title,
    @Version long version,
    @ColdColumn String body) {}
