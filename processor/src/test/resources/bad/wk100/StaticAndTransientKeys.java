package bad.wk100;

import dev.widekey.annotations.ColdColumn;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Version;
import dev.widekey.annotations.WideTable;

/** Widekey annotations on static or transient fields: none of these fields is stored. */
@WideTable(name = "static_keys")
public class StaticAndTransientKeys {
  @PartitionKey public String id;
  @KeyColumn(order = 0) public static long seq;
  @ColdColumn public transient String note;
  @Version public static long version;
}
