package bad.wk209;

import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

/** Long.MAX_VALUE seconds is no time to live any service takes. */
@WideTable(name = "forever", ttlSeconds = Long.MAX_VALUE)
public record TtlMaxLong(@PartitionKey String id, String body) {}
