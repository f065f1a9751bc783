package bad.wk211;

import dev.widekey.annotations.Chunked;
import dev.widekey.annotations.HashPrefix;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.ShardPeriod;
import dev.widekey.annotations.TimeSharded;
import dev.widekey.annotations.WideTable;
import java.time.Instant;

// (31 + 1) periods x 2 tables (hot and chunks) fill a Tablestore instance's 64; the fence table
// retention shares makes 65
@WideTable(name = "pages")
@TimeSharded(by = "at", period = ShardPeriod.DAY, retain = 31)
public record FenceTableTipsOver(
    @PartitionKey @HashPrefix(length = 4) long pageId, Instant at, @Chunked String body) {}
