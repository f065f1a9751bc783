package bad.wk208;

import dev.widekey.annotations.Index;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.NotSequential;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Version;
import dev.widekey.annotations.WideTable;

@WideTable(name = "indexed_versions")
@Index(
    name = "by_version",
    columns = {"version"},
    notSequential = @NotSequential(reason = "many notes are written at once"))
public record IndexedVersion(
    @PartitionKey @KeyChars("a-z") String noteId, @Version long version, String text) {}
