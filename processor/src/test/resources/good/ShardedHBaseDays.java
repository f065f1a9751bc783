package good;

import dev.widekey.annotations.HashPrefix;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Profile;
import dev.widekey.annotations.ShardPeriod;
import dev.widekey.annotations.TimeSharded;
import dev.widekey.annotations.WideTable;
import java.time.Instant;

/** WK211 passes: HBase has no tables-per-instance bound of widekey's, so 400 days are fine. */
@WideTable(name = "clicks_hbase", profile = Profile.HBASE)
@TimeSharded(by = "at", period = ShardPeriod.DAY, retain = 400)
public record ShardedHBaseDays(@PartitionKey @HashPrefix(length = 4) long clickId, Instant at) {}
