package dev.widekey.processor.rules;

import dev.widekey.annotations.Transient;
import dev.widekey.core.shard.Periods;
import dev.widekey.core.store.ServiceNames;
import dev.widekey.core.store.StoreLimits;
import dev.widekey.processor.diagnostics.Diagnostics;
import dev.widekey.processor.diagnostics.Messages;
import dev.widekey.processor.model.EntityModel;
import dev.widekey.processor.model.ShardSpec;
import java.time.Instant;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.VariableElement;
import javax.lang.model.util.ElementFilter;

/**
 * Time-sharded entities ({@code @TimeSharded}). WK210: the shard field exists, is a time type and
 * on the hot row; at least one period is kept and none created behind; the table names plus the
 * period's suffix are legal on every service. WK211: the period tables kept (retain + ahead
 * periods, hot, cold, chunks and indexes), plus the store's one shared fence table, fit the tables
 * one instance of the profile's service holds (64 on Tablestore): an error above, a warning above
 * half, since other entities share the instance.
 */
public final class ShardRules implements EntityRule {
  /** The longest suffix a period table gets: a date with the widest digits. */
  private static final Instant WIDEST = Instant.parse("9999-12-31T00:00:00Z");

  @Override
  public void check(EntityModel entity, Diagnostics diagnostics) {
    ShardSpec shard = ShardSpec.of(entity).orElse(null);
    if (shard == null) {
      return;
    }
    VariableElement unstored = shard.property() == null ? unstoredField(entity, shard.by()) : null;
    if (unstored != null) {
      diagnostics.error(
          unstored,
          Messages.shardFieldUnstored(entity.simpleName(), shard.by(), unstoredBy(unstored)));
    } else if (shard.property() == null) {
      diagnostics.error(
          entity.type(),
          shard.mirror(),
          "by",
          Messages.shardFieldMissing(entity.simpleName(), shard.by()));
    } else if (!shard.isTimeType()) {
      diagnostics.error(
          shard.property().element(),
          Messages.shardFieldType(shard.by(), shard.property().type().toString()));
    } else if (entity.attributes().stream()
        .anyMatch(a -> a.cold() && a.name().equals(shard.by()))) {
      diagnostics.error(shard.property().element(), Messages.shardFieldCold(shard.by()));
    }
    if (shard.retain() < 1) {
      diagnostics.error(
          entity.type(), shard.mirror(), "retain", Messages.shardRetain(shard.retain()));
    }
    if (shard.ahead() < 0) {
      diagnostics.error(entity.type(), shard.mirror(), "ahead", Messages.shardAhead(shard.ahead()));
    }
    checkName(entity, shard, "name", entity.table(), diagnostics);
    if (entity.hasColdColumns()) {
      checkName(entity, shard, "coldTable", entity.coldTable(), diagnostics);
    }
    if (entity.hasChunkedColumns()) {
      // named after the hot table: a name too long is the hot name's to shorten
      checkName(entity, shard, "name", entity.chunksTable(), diagnostics);
    }
    for (var index : entity.indexes()) {
      // named after the hot table: a name too long is the hot name's or the index's to shorten
      checkName(entity, shard, "name", index.table(), diagnostics);
    }
    if (shard.retain() >= 1 && shard.ahead() >= 0) {
      checkTableCount(entity, shard, diagnostics);
    }
  }

  /**
   * The entity's field named {@code name} that is not stored (@Transient, static or transient),
   * which the model leaves out of its properties; or null.
   */
  private static VariableElement unstoredField(EntityModel entity, String name) {
    for (VariableElement f : ElementFilter.fieldsIn(entity.type().getEnclosedElements())) {
      if (f.getSimpleName().contentEquals(name) && unstoredBy(f) != null) {
        return f;
      }
    }
    return null;
  }

  /** What keeps field {@code f} out of storage, as written in the source, or null. */
  private static String unstoredBy(VariableElement f) {
    if (f.getAnnotation(Transient.class) != null) {
      return "@Transient";
    }
    if (f.getModifiers().contains(Modifier.STATIC)) {
      return "static";
    }
    return f.getModifiers().contains(Modifier.TRANSIENT) ? "transient" : null;
  }

  /** A legal base name whose period tables are not (an illegal one is reported by WK207). */
  private static void checkName(
      EntityModel entity, ShardSpec shard, String member, String base, Diagnostics diagnostics) {
    String longest = Periods.tableName(base, shard.period(), WIDEST);
    if (ServiceNames.isLegal(base) && !ServiceNames.isLegal(longest)) {
      diagnostics.error(
          entity.type(),
          entity.wideTable(),
          member,
          Messages.shardTableName(member, base, longest));
    }
  }

  private static void checkTableCount(
      EntityModel entity, ShardSpec shard, Diagnostics diagnostics) {
    int max = StoreLimits.maxTables(entity.profile());
    long tables = shard.tables(entity);
    int perPeriod = ShardSpec.tablesPerPeriod(entity);
    if (tables > max) {
      diagnostics.error(
          entity.type(),
          shard.mirror(),
          "retain",
          Messages.shardTablesOverLimit(
              entity.simpleName(),
              tables,
              shard.retain(),
              shard.ahead(),
              perPeriod,
              entity.profile()));
    } else if (tables * 2 > max) {
      diagnostics.warning(
          entity.type(),
          Messages.shardTablesOverHalf(
              entity.simpleName(),
              tables,
              shard.retain(),
              shard.ahead(),
              perPeriod,
              entity.profile()));
    }
  }
}
