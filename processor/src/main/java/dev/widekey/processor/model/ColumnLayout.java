package dev.widekey.processor.model;

import dev.widekey.core.store.PkType;
import java.util.List;

/**
 * One primary-key column as stored: its name, its store type and the components it holds (several
 * only for a spliced partition key).
 */
public record ColumnLayout(String name, PkType type, List<KeyComponent> components) {
  public ColumnLayout {
    components = List.copyOf(components);
  }

  /** Whether the column holds one component as itself, not as text built from it. */
  public KeyComponent single() {
    return components.get(0);
  }
}
