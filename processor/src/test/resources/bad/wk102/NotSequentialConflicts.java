package bad.wk102;

import dev.widekey.annotations.HashPrefix;
import dev.widekey.annotations.NotSequential;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Sequential;
import dev.widekey.annotations.WideTable;

/** An opt-out with a blank reason; one that contradicts @Sequential; one a hash makes redundant. */
@WideTable(name = "meters")
public record NotSequentialConflicts(
    @PartitionKey @NotSequential(reason = "  ") long meterId,
    String site) {}

@WideTable(name = "invoices")
record Invoices(
    @PartitionKey @Sequential @NotSequential(reason = "invoices of many shops") long invoiceNumber,
    String shop) {}

@WideTable(name = "tickets")
record Tickets(
    @PartitionKey @HashPrefix(length = 4) @NotSequential(reason = "many queues") long ticketId,
    String queue) {}
