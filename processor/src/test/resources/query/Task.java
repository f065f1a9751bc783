package query;

import dev.widekey.annotations.Index;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.Padded;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;
import java.time.Instant;
import java.util.UUID;

/** Tasks of a project by padded number and UUID, with an index by owner and due time. */
@WideTable(name = "query_tasks")
@Index(name = "by_owner", columns = {"owner", "due"})
public record Task(
    @PartitionKey @KeyChars("a-z0-9") @MaxLength(8) String project,
    @KeyColumn(order = 0) @Padded(width = 4) long number,
    @KeyColumn(order = 1) UUID ref,
    @KeyChars("a-z") @MaxLength(8) String owner,
    Instant due,
    long points) {}
