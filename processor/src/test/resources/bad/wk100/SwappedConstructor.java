package bad.wk100;

import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

@WideTable(name = "swapped")
public class SwappedConstructor {
  @PartitionKey @KeyChars("a-z") private final String id;
  private final String first;
  private final String second;

  // the types follow the declaration order, the names do not: 'second' comes before 'first'
  public SwappedConstructor(String id, String second, String first) {
    this.id = id;
    this.first = first;
    this.second = second;
  }

  public String getId() {
    return id;
  }

  public String getFirst() {
    return first;
  }

  public String getSecond() {
    return second;
  }
}
