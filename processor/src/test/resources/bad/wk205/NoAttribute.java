package bad.wk205;

import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Profile;
import dev.widekey.annotations.WideTable;

@WideTable(name = "follows", profile = Profile.LINDORM)
public record NoAttribute(
    @PartitionKey long follower,
    @KeyColumn long followee) {}
