package bad.wk100;

import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

@WideTable(name = "throwing_constructors")
public class ThrowingConstructor {
  @PartitionKey @KeyChars("a-z") public final String id;
  public final String note;

  public ThrowingConstructor(String id, String note) throws java.io.IOException {
    this.id = id;
    this.note = note;
  }
}
