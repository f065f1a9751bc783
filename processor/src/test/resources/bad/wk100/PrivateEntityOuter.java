package bad.wk100;

import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

public class PrivateEntityOuter {
  @WideTable(name = "things")
  private static final class PrivateEntity {
    @PartitionKey public String id;
    public String name;
  }

  public static Object create() {
    return new PrivateEntity();
  }
}
