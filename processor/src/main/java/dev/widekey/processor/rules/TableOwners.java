package dev.widekey.processor.rules;

import dev.widekey.processor.diagnostics.Diagnostics;
import dev.widekey.processor.diagnostics.Messages;
import dev.widekey.processor.model.EntityModel;
import java.util.HashMap;
import java.util.Map;

/**
 * Which entity each table belongs to, across all entities of one compilation (WK207): two entities
 * in one table would overwrite each other's rows and schema file.
 */
public final class TableOwners {
  private final Map<String, String> owners = new HashMap<>();

  /**
   * Claims the entity's tables (the cold one only if it has cold columns); reports each table
   * another entity already holds. True if all were free.
   */
  public boolean claim(EntityModel entity, Diagnostics diagnostics) {
    String self = entity.type().getQualifiedName().toString();
    boolean free = check(entity, entity.table(), "name", self, diagnostics);
    if (entity.hasColdColumns()) {
      String member = entity.coldTable().equals(entity.table() + "_cold") ? "name" : "coldTable";
      free &= check(entity, entity.coldTable(), member, self, diagnostics);
    }
    if (free) {
      owners.put(entity.table(), self);
      if (entity.hasColdColumns()) {
        owners.put(entity.coldTable(), self);
      }
    }
    return free;
  }

  private boolean check(
      EntityModel entity, String table, String member, String self, Diagnostics diagnostics) {
    String owner = owners.get(table);
    if (owner == null || owner.equals(self)) {
      return true;
    }
    diagnostics.error(entity.type(), entity.wideTable(), member, Messages.tableTaken(table, owner));
    return false;
  }
}
