package dev.widekey.processor.layout;

import dev.widekey.annotations.RekeyedFrom;
import dev.widekey.core.layout.AttributeLayout;
import dev.widekey.core.layout.KeyColumnLayout;
import dev.widekey.core.layout.KeyPartLayout;
import dev.widekey.core.layout.TableLayout;
import dev.widekey.core.layout.TableRole;
import dev.widekey.core.store.ReservedNames;
import dev.widekey.processor.diagnostics.Diagnostics;
import dev.widekey.processor.diagnostics.RekeyMessages;
import dev.widekey.processor.model.EntityModel;
import dev.widekey.processor.model.IndexModel;
import dev.widekey.processor.model.KeyComponent;
import dev.widekey.processor.model.ShardSpec;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.TypeElement;

/**
 * Finds and checks what an entity's {@code @RekeyedFrom} moves its rows from (rule WK308): the old
 * hot table's committed layout and the old entity's other tables, whose key fields must be the new
 * key's and whose attribute columns must be stored as the entity stores them now.
 */
public final class RekeySources {
  private RekeySources() {}

  /** The table {@code @RekeyedFrom} names, or null when the entity declares none. */
  public static String from(EntityModel entity) {
    RekeyedFrom from = entity.type().getAnnotation(RekeyedFrom.class);
    return from == null ? null : from.table();
  }

  /**
   * The old tables of the entity's {@code @RekeyedFrom}, among the committed layouts; empty, with
   * the reasons reported on the annotation, when no job can be generated. A missing layout file is
   * reported by the layout check, not here.
   */
  public static Optional<RekeySource> resolve(
      EntityModel entity, Collection<TableLayout> committed, Diagnostics report) {
    String from = from(entity);
    TableLayout hot =
        committed.stream().filter(t -> t.table().equals(from)).findFirst().orElse(null);
    if (from == null || hot == null) {
      return Optional.empty();
    }
    TypeElement type = entity.type();
    AnnotationMirror mirror = mirror(type);
    String name = entity.simpleName();
    if (hot.role() != TableRole.HOT) {
      report.error(type, mirror, RekeyMessages.notHotTable(name, from, hot.role().name()));
      return Optional.empty();
    }
    if (hot.sharding() != null || ShardSpec.of(entity).isPresent()) {
      report.error(type, mirror, RekeyMessages.timeSharded(name, from));
      return Optional.empty();
    }
    Map<String, String> oldKey = keyFields(hot);
    Map<String, String> newKey = new TreeMap<>();
    for (KeyComponent c : entity.keyComponents()) {
      newKey.put(c.name(), c.kind().name());
    }
    if (!oldKey.equals(newKey)) {
      report.error(
          type,
          mirror,
          RekeyMessages.keyFieldsDiffer(name, from, describe(oldKey), describe(newKey)));
      return Optional.empty();
    }
    List<TableLayout> tables = new ArrayList<>();
    tables.add(hot);
    tables.addAll(relatedTables(entity, hot, committed));
    boolean ok = true;
    for (TableLayout t : tables) {
      if (t.role() == TableRole.HOT || t.role() == TableRole.COLD) {
        ok &= sameStorage(entity, from, t, report, mirror);
      }
    }
    return ok ? Optional.of(new RekeySource(hot, tables)) : Optional.empty();
  }

  /**
   * The old entity's cold, chunk and index tables: layouts of its class named after its hot table,
   * which the entity's current tables are not.
   */
  private static List<TableLayout> relatedTables(
      EntityModel entity, TableLayout hot, Collection<TableLayout> committed) {
    Set<String> current = new HashSet<>(List.of(entity.table(), entity.coldTable()));
    current.add(entity.chunksTable());
    for (IndexModel index : entity.indexes()) {
      current.add(index.table());
    }
    List<TableLayout> out = new ArrayList<>();
    List<TableLayout> colds = new ArrayList<>();
    for (TableLayout t : committed) {
      if (!t.entity().equals(hot.entity()) || current.contains(t.table())) {
        continue;
      }
      switch (t.role()) {
        case COLD -> colds.add(t);
        case CHUNKS -> {
          if (t.table().equals(ReservedNames.chunkTable(hot.table()))) {
            out.add(t);
          }
        }
        case INDEX -> {
          if (t.table().equals(hot.table() + "_" + t.index())) {
            out.add(t);
          }
        }
        case HOT -> {}
      }
    }
    // a cold table is named after its hot table unless @WideTable(coldTable) names it
    colds.stream()
        .filter(t -> t.table().equals(hot.table() + "_cold"))
        .findFirst()
        .or(() -> colds.size() == 1 ? Optional.of(colds.get(0)) : Optional.empty())
        .ifPresent(t -> out.add(0, t));
    return out;
  }

  /** Whether each old attribute column the entity still has is stored as it is stored now. */
  private static boolean sameStorage(
      EntityModel entity,
      String from,
      TableLayout old,
      Diagnostics report,
      AnnotationMirror mirror) {
    boolean ok = true;
    List<AttributeLayout> attributes = LayoutBuilder.attributes(entity.attributes());
    for (AttributeLayout a : old.attributes()) {
      if (a.field() == null) {
        continue;
      }
      for (AttributeLayout current : attributes) {
        if (current.field() != null
            && (current.name().equals(a.name()) || a.name().equals(current.renamedFrom()))
            && (current.type() != a.type() || !current.encoding().equals(a.encoding()))) {
          report.error(
              entity.type(),
              mirror,
              RekeyMessages.attributeDiffers(
                  entity.simpleName(),
                  from,
                  a.name(),
                  a.type() + " " + a.encoding(),
                  current.type() + " " + current.encoding()));
          ok = false;
        }
      }
    }
    return ok;
  }

  /** The old key's fields and their kinds, by name. */
  private static Map<String, String> keyFields(TableLayout hot) {
    Map<String, String> out = new TreeMap<>();
    for (KeyColumnLayout column : hot.key()) {
      for (KeyPartLayout part : column.parts()) {
        out.put(part.name(), part.kind());
      }
    }
    return out;
  }

  private static List<String> describe(Map<String, String> fields) {
    List<String> out = new ArrayList<>();
    fields.forEach((field, kind) -> out.add(field + " " + kind));
    return out;
  }

  /** The type's {@code @RekeyedFrom}, where its diagnostics are reported; null without one. */
  public static AnnotationMirror mirror(TypeElement type) {
    for (AnnotationMirror m : type.getAnnotationMirrors()) {
      TypeElement t = (TypeElement) m.getAnnotationType().asElement();
      if (t.getQualifiedName().contentEquals(RekeyedFrom.class.getCanonicalName())) {
        return m;
      }
    }
    return null;
  }
}
