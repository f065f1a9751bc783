package bad.wk110;

import dev.widekey.annotations.NotSequential;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Profile;
import dev.widekey.annotations.WideTable;

/** Lindorm allows a binary primary-key column only in last place. */
@WideTable(name = "blobs", profile = Profile.LINDORM)
public record LindormBinaryNotLast(
    @NotSequential(reason = "ids are assigned at random, many are written at the same time") @PartitionKey long owner,
    @KeyColumn(order = 0)
    byte[] digest,
    @KeyColumn(order = 1) long version,
    String payload) {}
