package good;

import dev.widekey.annotations.HashPrefix;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Transient;
import dev.widekey.annotations.WideTable;

@WideTable(name = "transient_beans")
public class TransientBean {
  @PartitionKey @HashPrefix private String id;
  private String note;
  @Transient private String cache = "fresh";

  public String getId() {
    return id;
  }

  public void setId(String id) {
    this.id = id;
  }

  public String getNote() {
    return note;
  }

  public void setNote(String note) {
    this.note = note;
  }

  public String cache() {
    return cache;
  }
}
