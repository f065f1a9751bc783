package bad.wk100;

import dev.widekey.annotations.ColdColumn;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

/** A record's static field is not a component: its widekey annotation would be ignored. */
@WideTable(name = "static_on_record")
public record StaticOnRecord(@PartitionKey String id, String body) {
  @ColdColumn static String shared = "";
}
