package good;

import dev.widekey.annotations.NotSequential;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Version;
import dev.widekey.annotations.WideTable;

/** A versioned class built by setters: a put sets the stored version on the entity itself. */
@WideTable(name = "versioned_beans")
public class VersionedBean {
  @NotSequential(reason = "ids are assigned at random, many are written at the same time") @PartitionKey private long beanId;
  private String label;
  @Version private long version;

  public long getBeanId() {
    return beanId;
  }

  public void setBeanId(long beanId) {
    this.beanId = beanId;
  }

  public String getLabel() {
    return label;
  }

  public void setLabel(String label) {
    this.label = label;
  }

  public long getVersion() {
    return version;
  }

  public void setVersion(long version) {
    this.version = version;
  }
}
