package bad.wk106;

import dev.widekey.annotations.HashPrefix;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Sequential;
import dev.widekey.annotations.WideTable;

@WideTable(name = "tickets")
public record HashPartitions(
    @PartitionKey @Sequential
    @HashPrefix(length = 1,
        partitions = 17)
    long ticketId,
    String subject) {}
