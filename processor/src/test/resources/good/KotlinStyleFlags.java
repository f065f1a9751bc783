package good;

import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

/**
 * Booleans named {@code isX} with the accessors Kotlin ({@code var isActive: Boolean}) and Lombok
 * generate for them: the getter {@code isActive()}, the setter {@code setActive(...)}.
 */
@WideTable(name = "flags")
public class KotlinStyleFlags {
  @PartitionKey @KeyChars("a-z0-9") private String id;
  private boolean isActive;
  private Boolean isDeleted;

  public String getId() {
    return id;
  }

  public void setId(String id) {
    this.id = id;
  }

  public boolean isActive() {
    return isActive;
  }

  public void setActive(boolean active) {
    isActive = active;
  }

  public Boolean isDeleted() {
    return isDeleted;
  }

  public void setDeleted(Boolean deleted) {
    isDeleted = deleted;
  }
}
