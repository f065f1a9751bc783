package dev.widekey.processor.rules;

import dev.widekey.annotations.ShardPeriod;
import dev.widekey.core.shard.Periods;
import dev.widekey.processor.diagnostics.Diagnostics;
import dev.widekey.processor.diagnostics.Messages;
import dev.widekey.processor.model.EntityModel;
import dev.widekey.processor.model.ShardSpec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Which entity each table belongs to, across all entities of one compilation (WK207): two entities
 * in one table would overwrite each other's rows and schema file. A time-sharded entity owns the
 * period tables of its tables too ({@code orders_2026_11} of {@code orders}): another entity's
 * table of such a name would share its rows, and retention would drop it.
 */
public final class TableOwners {
  private final Map<String, String> owners = new HashMap<>();

  /** The tables of time-sharded entities, whose period tables they own. */
  private record ShardedTable(String base, ShardPeriod period, String owner) {}

  private final List<ShardedTable> sharded = new ArrayList<>();

  /**
   * Claims the entity's tables (the cold one only if it has cold columns, the chunk table only if
   * it has {@code @Chunked} fields, and every index table); reports each table another entity
   * already holds, or that is a period table of another's. True if all were free.
   */
  public boolean claim(EntityModel entity, Diagnostics diagnostics) {
    String self = entity.type().getQualifiedName().toString();
    Optional<ShardPeriod> period = ShardSpec.of(entity).map(ShardSpec::period);
    boolean free = check(entity, entity.table(), "name", self, period, diagnostics);
    if (entity.hasColdColumns()) {
      String member = entity.coldTable().equals(entity.table() + "_cold") ? "name" : "coldTable";
      free &= check(entity, entity.coldTable(), member, self, period, diagnostics);
    }
    if (entity.hasChunkedColumns()) {
      // named after the hot table: a clash is the hot name's to change
      free &= check(entity, entity.chunksTable(), "name", self, period, diagnostics);
    }
    for (var index : entity.indexes()) {
      // an index table is its entity's, as its cold table is: a clash is reported on the @Index
      free &= check(entity, index.table(), index.mirror(), "name", self, period, diagnostics);
    }
    if (free) {
      owners.put(entity.table(), self);
      for (var index : entity.indexes()) {
        owners.put(index.table(), self);
        period.ifPresent(p -> sharded.add(new ShardedTable(index.table(), p, self)));
      }
      period.ifPresent(p -> sharded.add(new ShardedTable(entity.table(), p, self)));
      if (entity.hasColdColumns()) {
        owners.put(entity.coldTable(), self);
        period.ifPresent(p -> sharded.add(new ShardedTable(entity.coldTable(), p, self)));
      }
      if (entity.hasChunkedColumns()) {
        owners.put(entity.chunksTable(), self);
        period.ifPresent(p -> sharded.add(new ShardedTable(entity.chunksTable(), p, self)));
      }
    }
    return free;
  }

  private boolean check(
      EntityModel entity,
      String table,
      String member,
      String self,
      Optional<ShardPeriod> period,
      Diagnostics diagnostics) {
    return check(entity, table, entity.wideTable(), member, self, period, diagnostics);
  }

  private boolean check(
      EntityModel entity,
      String table,
      javax.lang.model.element.AnnotationMirror at,
      String member,
      String self,
      Optional<ShardPeriod> period,
      Diagnostics diagnostics) {
    String owner = owners.get(table);
    if (owner != null && !owner.equals(self)) {
      diagnostics.error(entity.type(), at, member, Messages.tableTaken(table, owner));
      return false;
    }
    for (ShardedTable s : sharded) {
      if (!s.owner().equals(self) && Periods.periodOf(s.base(), s.period(), table).isPresent()) {
        diagnostics.error(
            entity.type(),
            at,
            member,
            Messages.periodTableTaken(table, s.base(), s.period().name(), s.owner(), false));
        return false;
      }
    }
    if (period.isPresent()) {
      for (Map.Entry<String, String> other : owners.entrySet()) {
        if (!other.getValue().equals(self)
            && Periods.periodOf(table, period.get(), other.getKey()).isPresent()) {
          diagnostics.error(
              entity.type(),
              at,
              member,
              Messages.periodTableTaken(
                  other.getKey(), table, period.get().name(), other.getValue(), true));
          return false;
        }
      }
    }
    return true;
  }
}
