package bad.wk100;

import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;
import java.io.IOException;

@WideTable(name = "throwing_accessors")
public class ThrowingAccessors {
  @PartitionKey @KeyChars("a-z") private String id;
  private String note;
  private String unchecked;

  public ThrowingAccessors() throws Exception {}

  public String getId() throws IOException {
    return id;
  }

  public void setId(String id) {
    this.id = id;
  }

  public String getNote() {
    return note;
  }

  public void setNote(String note) throws InterruptedException {
    this.note = note;
  }

  // an unchecked exception needs no handling: accepted
  public String getUnchecked() throws IllegalStateException {
    return unchecked;
  }

  public void setUnchecked(String unchecked) {
    this.unchecked = unchecked;
  }
}
