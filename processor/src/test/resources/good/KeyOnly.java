package good;

import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

/** WK205 is a Lindorm rule: on Tablestore a row may consist of its key alone. */
@WideTable(name = "follows")
public record KeyOnly(
    @PartitionKey @KeyChars("a-z0-9") @MaxLength(32) String follower,
    @KeyColumn @KeyChars("a-z0-9") @MaxLength(32) String followee) {}
