package warn;

import dev.widekey.annotations.HashPrefix;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.ShardPeriod;
import dev.widekey.annotations.TimeSharded;
import dev.widekey.annotations.WideTable;
import java.time.Instant;

@WideTable(name = "clicks")
@TimeSharded(by = "at", period = ShardPeriod.DAY, retain = 40)
public record HalfTheTables(@PartitionKey @HashPrefix(length = 4) long clickId, Instant at) {}
