package bad.wk106;

import dev.widekey.annotations.HashPrefix;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

@WideTable(name = "tickets")
@HashPrefix(
    partitions = -1)
public record HashNoPartitions(
    @PartitionKey long ticketId,
    String subject) {}
