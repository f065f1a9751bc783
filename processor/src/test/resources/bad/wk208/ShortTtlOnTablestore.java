package bad.wk208;

import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

/** Tablestore takes a time to live of -1 or at least one day. */
@WideTable(name = "sessions", ttlSeconds = 3600)
public record ShortTtlOnTablestore(@PartitionKey String id, String user) {}
