package bad.wk100;

import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

@WideTable(name = "things")
public abstract class AbstractEntity {
  @PartitionKey public String id;
  public String name;
}
