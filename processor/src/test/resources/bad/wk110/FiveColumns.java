package bad.wk110;

import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

@WideTable(name = "events")
public record FiveColumns(
    @PartitionKey @KeyChars("a-z0-9") @MaxLength(16) String tenant,
    @KeyColumn(order = 0) @KeyChars("a-z") @MaxLength(16) String stream,
    @KeyColumn(order = 1) int shard,
    @KeyColumn(order = 2) long epoch,
    @KeyColumn(order = 3)
    long offset,
    String payload) {}
