package bad.wk208;

import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Version;
import dev.widekey.annotations.WideTable;

@WideTable(name = "notes")
public record VersionOnKey(
    @PartitionKey @Version long noteId,
    @KeyColumn @Version long revision,
    String title) {}
