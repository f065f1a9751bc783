package bad.wk208;

import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Version;
import dev.widekey.annotations.WideTable;

/** A transient field is never stored, so its @Version would make every put unconditional. */
@WideTable(name = "transient_versions")
public class TransientVersion {
  @PartitionKey public String id;
  public String body;
  @Version public transient long version;
}
