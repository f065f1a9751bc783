package good;

import dev.widekey.annotations.HashPrefix;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Profile;
import dev.widekey.annotations.Sequential;
import dev.widekey.annotations.WideTable;

/**
 * WK106 passes at the low bounds: 1 hex digit, as many partitions as it has values (16), on HBase
 * (Tablestore creates at most 10).
 */
@WideTable(name = "tickets", profile = Profile.HBASE)
public record ShortHash(
    @PartitionKey @Sequential @HashPrefix(length = 1, partitions = 16) long ticketId,
    String subject) {}
