package warn;

import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

/** A String named for a time, snake_case: a timestamp written as text. */
@WideTable(name = "events_by_time")
public record TimeNamedLeading(
    @PartitionKey String created_at,
    String payload) {}
