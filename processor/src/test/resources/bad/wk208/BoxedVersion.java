package bad.wk208;

import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Version;
import dev.widekey.annotations.WideTable;

@WideTable(name = "notes")
public record BoxedVersion(
    @PartitionKey long noteId,
    String title,
    @Version Long version) {}
