package bad.wk106;

import dev.widekey.annotations.HashPrefix;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Sequential;
import dev.widekey.annotations.WideTable;

/** 16 partitions: Tablestore (the default profile) creates a table with at most 10. */
@WideTable(name = "tickets")
public record HashPartitionsOverTablestore(
    @PartitionKey @Sequential @HashPrefix(length = 4, partitions = 16) long ticketId,
    String subject) {}
