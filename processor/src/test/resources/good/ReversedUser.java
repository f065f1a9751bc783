package good;

import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Reversed;
import dev.widekey.annotations.Sequential;
import dev.widekey.annotations.WideTable;

/** WK102 passes: the auto-increment id is reversed, so consecutive ids lead with different digits. */
@WideTable(name = "users", profile = dev.widekey.annotations.Profile.LINDORM)
public record ReversedUser(
    @PartitionKey @Sequential @Reversed long userId,
    String displayName) {}
