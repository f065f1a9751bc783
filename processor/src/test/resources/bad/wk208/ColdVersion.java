package bad.wk208;

import dev.widekey.annotations.ColdColumn;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Version;
import dev.widekey.annotations.WideTable;

@WideTable(name = "notes")
public record ColdVersion(
    @PartitionKey long noteId,
    String title,
    @ColdColumn @Version long version) {}
