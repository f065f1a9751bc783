package query;

import dev.widekey.annotations.Index;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

/** Tickets of a queue, with an index by assignee. */
@WideTable(name = "query_tickets")
@Index(name = "by_assignee", columns = {"assignee"})
public record Ticket(
    @PartitionKey @KeyChars("a-z0-9") @MaxLength(16) String queue,
    @KeyColumn(order = 0) long id,
    @KeyChars("a-z0-9") @MaxLength(16) String assignee) {}
