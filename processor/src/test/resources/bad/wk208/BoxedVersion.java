package bad.wk208;

import dev.widekey.annotations.NotSequential;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Version;
import dev.widekey.annotations.WideTable;

@WideTable(name = "notes")
public record BoxedVersion(
    @NotSequential(reason = "ids are assigned at random, many are written at the same time") @PartitionKey long noteId,
    String title,
    @Version Long version) {}
