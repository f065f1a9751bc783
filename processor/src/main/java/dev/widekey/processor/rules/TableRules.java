package dev.widekey.processor.rules;

import dev.widekey.processor.diagnostics.Diagnostics;
import dev.widekey.processor.diagnostics.Messages;
import dev.widekey.processor.model.EntityModel;
import dev.widekey.runtime.store.ServiceNames;
import dev.widekey.runtime.store.StoreLimits;

/**
 * The time to live (WK209): one the profile's service accepts. Table and column names (WK207):
 * valid on every supported service, and usable as the schema file name. Columns are named after
 * fields, and Java allows '$' and non-ASCII letters there. That two entities do not share a table
 * is checked across entities by {@link TableOwners}.
 */
public final class TableRules implements EntityRule {
  /** Tablestore's rule, which Lindorm and HBase table names also accept. */
  @Override
  public void check(EntityModel entity, Diagnostics diagnostics) {
    boolean hotValid = ServiceNames.isLegal(entity.table());
    if (!hotValid) {
      diagnostics.error(
          entity.type(), entity.wideTable(), "name", Messages.badTableName("name", entity.table()));
    }
    // a default cold name is derived from the hot one: reported once, above
    boolean explicitCold = !entity.coldTable().equals(entity.table() + "_cold");
    if ((explicitCold || hotValid) && !ServiceNames.isLegal(entity.coldTable())) {
      diagnostics.error(
          entity.type(),
          entity.wideTable(),
          "coldTable",
          Messages.badTableName("coldTable", entity.coldTable()));
    }
    if (!StoreLimits.of(entity.profile()).allowsTtl(entity.ttlSeconds())) {
      diagnostics.error(
          entity.type(),
          entity.wideTable(),
          "ttlSeconds",
          Messages.badTtl(entity.ttlSeconds(), entity.profile()));
    }
    for (var p : entity.properties()) {
      if (!ServiceNames.isLegal(p.name())) {
        diagnostics.error(p.element(), Messages.badColumnName(p.name()));
      }
    }
  }
}
