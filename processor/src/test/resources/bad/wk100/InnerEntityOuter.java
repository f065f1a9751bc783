package bad.wk100;

import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

public class InnerEntityOuter {
  @WideTable(name = "things")
  public class InnerEntity {
    @PartitionKey public String id;
    public String name;
  }
}
