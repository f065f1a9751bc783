package bad.wk110;

import dev.widekey.annotations.ColdColumn;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Profile;
import dev.widekey.annotations.WideTable;

/**
 * A binary partition column alone is the last column of the hot table, but the cold table is keyed
 * by the partition column and then the write's tag: Lindorm refuses it there.
 */
@WideTable(name = "avatars", profile = Profile.LINDORM)
public record LindormBinaryPartitionCold(
    @PartitionKey byte[] userId,
    String name,
    @ColdColumn String biography) {}
