package bad.wk203;

import dev.widekey.annotations.NotSequential;
import dev.widekey.annotations.ColdColumn;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

@WideTable(name = "scans")
public record InflatedCaps(
    @NotSequential(reason = "ids are assigned at random, many are written at the same time") @PartitionKey long scanId,
    @ColdColumn(maxInflatedBytes = 1024) String uncompressed,
    @ColdColumn(compress = true, maxInflatedBytes = -1) String negative,
    @ColdColumn(compress = true, maxInflatedBytes = 4294967296L) byte[] overArray,
    @ColdColumn(compress = true, maxInflatedBytes = 8388608) byte[] fine) {}
