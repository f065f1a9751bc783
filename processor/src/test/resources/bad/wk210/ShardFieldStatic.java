package bad.wk210;

import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.TimeSharded;
import dev.widekey.annotations.WideTable;
import java.time.Instant;

@WideTable(name = "static_shards")
@TimeSharded(by = "created", retain = 3)
public class ShardFieldStatic {
  @PartitionKey @KeyChars("a-z") public String id;
  public static Instant created;
  public transient Instant updated;
}
