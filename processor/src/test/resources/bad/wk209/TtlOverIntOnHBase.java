package bad.wk209;

import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Profile;
import dev.widekey.annotations.WideTable;

/** HBase reads a time to live of 2^31 - 1 seconds as "forever" and takes no longer one. */
@WideTable(name = "archive", profile = Profile.HBASE, ttlSeconds = 3_000_000_000L)
public record TtlOverIntOnHBase(@PartitionKey String id, String body) {}
