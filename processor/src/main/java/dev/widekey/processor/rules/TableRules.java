package dev.widekey.processor.rules;

import dev.widekey.core.store.ReservedNames;
import dev.widekey.core.store.ServiceNames;
import dev.widekey.core.store.StoreLimits;
import dev.widekey.processor.diagnostics.Diagnostics;
import dev.widekey.processor.diagnostics.Messages;
import dev.widekey.processor.model.ColumnNames;
import dev.widekey.processor.model.EntityModel;
import dev.widekey.processor.model.KeyComponent;
import java.util.List;
import java.util.stream.Collectors;

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
    // the chunk table's name is the hot one's and a suffix: too long only if the hot one is long
    if (hotValid && entity.hasChunkedColumns() && !ServiceNames.isLegal(entity.chunksTable())) {
      diagnostics.error(
          entity.type(),
          entity.wideTable(),
          "name",
          Messages.badTableName("name", entity.chunksTable()));
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
    checkJoinedName(entity, diagnostics);
  }

  /**
   * A spliced partition key is one column named by its components joined with '_': that name must
   * be as legal as a field's, and no other column's (a field, or widekey's own {@code wk_} ones).
   */
  private static void checkJoinedName(EntityModel entity, Diagnostics diagnostics) {
    List<KeyComponent> pk = entity.partitionKey();
    if (pk.size() < 2 || pk.stream().anyMatch(c -> !ServiceNames.isLegal(c.name()))) {
      return; // one component names its own column; an illegal part is reported above
    }
    String column = ColumnNames.of(pk);
    String parts = pk.stream().map(c -> "'" + c.name() + "'").collect(Collectors.joining(", "));
    String problem = null;
    if (!ServiceNames.isLegal(column)) {
      problem = Messages.joinedColumnTooLong(column, parts);
    } else if (column.startsWith(ReservedNames.PREFIX)) {
      problem = Messages.joinedColumnReserved(column, parts);
    } else {
      for (var p : entity.properties()) {
        if (p.name().equals(column)) {
          problem = Messages.joinedColumnTaken(column, parts, p.name());
        }
      }
    }
    if (problem != null) {
      KeyComponent lead = pk.get(0);
      diagnostics.error(lead.property().element(), lead.roleMirror(), problem);
    }
  }
}
