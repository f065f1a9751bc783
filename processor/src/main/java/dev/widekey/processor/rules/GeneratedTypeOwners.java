package dev.widekey.processor.rules;

import dev.widekey.processor.diagnostics.Diagnostics;
import dev.widekey.processor.diagnostics.Messages;
import dev.widekey.processor.model.EntityModel;
import dev.widekey.processor.model.GeneratedTypeNames;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which entity each generated type belongs to, across all entities of one compilation (WK100):
 * nested entities are flattened ({@code Outer.Item} generates {@code Outer_ItemKeys}), so a
 * top-level entity {@code Outer_Item} in the same package would generate the same classes; and a
 * type of the compilation's own sources may have a generated class's name already (a hand-written
 * {@code OrderRepository} beside the entity {@code Order}), which javac's Filer would refuse to
 * write over.
 */
public final class GeneratedTypeOwners {
  private final Map<String, String> owners = new HashMap<>();

  /**
   * Claims the entity's generated types; reports one another entity holds, or one of {@code
   * sourceTypes} (the top-level types of the compilation's sources, which include what was
   * generated in earlier rounds). True if all free.
   */
  public boolean claim(EntityModel entity, Set<String> sourceTypes, Diagnostics diagnostics) {
    String self = entity.type().getQualifiedName().toString();
    String pkg = GeneratedTypeNames.packageName(entity.type());
    List<String> names = new ArrayList<>();
    for (String suffix : GeneratedTypeNames.suffixes(entity)) {
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
      if (owner == null && sourceTypes.contains(name)) {
        diagnostics.error(
            entity.type(),
            entity.wideTable(),
            Messages.generatedTypeExists(entity.simpleName(), name));
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
