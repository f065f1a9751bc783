package dev.widekey.runtime.store;

import dev.widekey.core.store.PkType;
import java.util.Objects;

/**
 * One column of a table's primary-key schema.
 *
 * <pre>{@code new PkColumn("pk", PkType.STRING)}</pre>
 *
 * @param name the column name
 * @param type the column type
 */
public record PkColumn(String name, PkType type) {
  public PkColumn {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(type, "type");
    if (name.isEmpty()) {
      throw new IllegalArgumentException("primary-key column name is empty");
    }
  }
}
