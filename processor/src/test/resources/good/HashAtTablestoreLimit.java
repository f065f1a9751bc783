package good;

import dev.widekey.annotations.HashPrefix;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Sequential;
import dev.widekey.annotations.WideTable;

/** WK106 passes on Tablestore at its limit: 10 partitions, the most its CreateTable takes. */
@WideTable(name = "tickets")
public record HashAtTablestoreLimit(
    @PartitionKey @Sequential @HashPrefix(length = 4, partitions = 10) long ticketId,
    String subject) {}
