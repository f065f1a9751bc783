package dev.widekey.processor.rules;

import dev.widekey.processor.diagnostics.Diagnostics;
import dev.widekey.processor.diagnostics.Messages;
import dev.widekey.processor.model.EntityModel;
import dev.widekey.processor.model.GeneratedTypeNames;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Which entity each generated type belongs to, across all entities of one compilation (WK100):
 * nested entities are flattened ({@code Outer.Item} generates {@code Outer_ItemKeys}), so a
 * top-level entity {@code Outer_Item} in the same package would generate the same classes.
 */
public final class GeneratedTypeOwners {
  private final Map<String, String> owners = new HashMap<>();

  /** Claims the entity's generated types; reports one another entity holds. True if all free. */
  public boolean claim(EntityModel entity, Diagnostics diagnostics) {
    String self = entity.type().getQualifiedName().toString();
    String pkg = GeneratedTypeNames.packageName(entity.type());
    List<String> names = new ArrayList<>();
    for (String suffix : GeneratedTypeNames.SUFFIXES) {
      String simple = GeneratedTypeNames.simpleName(entity.type(), suffix);
      String name = pkg.isEmpty() ? simple : pkg + "." + simple;
      String owner = owners.get(name);
      if (owner != null && !owner.equals(self)) {
        diagnostics.error(
            entity.type(),
            entity.wideTable(),
            Messages.generatedTypeTaken(entity.simpleName(), name, owner));
        return false;
      }
      names.add(name);
    }
    for (String name : names) {
      owners.put(name, self);
    }
    return true;
  }
}
