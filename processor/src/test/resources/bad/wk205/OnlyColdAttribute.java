package bad.wk205;

import dev.widekey.annotations.NotSequential;
import dev.widekey.annotations.ColdColumn;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Profile;
import dev.widekey.annotations.WideTable;

@WideTable(name = "notes", profile = Profile.LINDORM)
public record OnlyColdAttribute(
    @NotSequential(reason = "ids are assigned at random, many are written at the same time") @PartitionKey long noteId,
    @ColdColumn(compress = true) String text) {}
