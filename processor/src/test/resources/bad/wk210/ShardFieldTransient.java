package bad.wk210;

import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.TimeSharded;
import dev.widekey.annotations.Transient;
import dev.widekey.annotations.WideTable;
import java.time.Instant;

@WideTable(name = "transient_shards")
@TimeSharded(by = "created", retain = 3)
public record ShardFieldTransient(
    @PartitionKey @KeyChars("a-z") String id, @Transient Instant created, String note) {}
