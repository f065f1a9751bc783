package bad.wk205;

import dev.widekey.annotations.NotSequential;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Profile;
import dev.widekey.annotations.WideTable;

@WideTable(name = "follows", profile = Profile.LINDORM)
public record NoAttribute(
    @NotSequential(reason = "ids are assigned at random, many are written at the same time") @PartitionKey long follower,
    @KeyColumn long followee) {}
