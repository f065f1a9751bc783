package bad.wk100;

import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

@WideTable(name = "accounts")
public class NoConstructor {
  @PartitionKey public final String id;
  public final String name;

  public NoConstructor(String id) {
    this(id, "");
  }

  // takes every field, but in another order than declared
  public NoConstructor(long ignored, String name, String id) {
    this(id, name + ignored);
  }

  private NoConstructor(String id, String name) {
    this.id = id;
    this.name = name;
  }
}
