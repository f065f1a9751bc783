package dev.widekey.processor.layout;

import dev.widekey.annotations.RekeyedFrom;
import dev.widekey.core.layout.AttributeLayout;
import dev.widekey.core.layout.LayoutText;
import dev.widekey.core.layout.TableLayout;
import dev.widekey.core.layout.TableRole;
import dev.widekey.core.store.ServiceNames;
import dev.widekey.processor.diagnostics.Diagnostics;
import dev.widekey.processor.diagnostics.Messages;
import dev.widekey.processor.model.Attribute;
import dev.widekey.processor.model.EntityModel;
import dev.widekey.processor.model.IndexModel;
import dev.widekey.processor.model.Property;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.TypeElement;

/**
 * Rule WK308, the locked key layout: with a layout directory ({@link LayoutDirectory#OPTION}),
 * every table of every entity is compared with its committed layout file. A changed key (any key
 * column, part, padding, hash prefix, bucket, delimiter, order, type, direction, split point or
 * time sharding), a changed attribute type or encoding, an undeclared rename and a column moved
 * between the entity's tables are errors; a removed attribute is a warning; an added one passes. A
 * table without a file gets one written; a file no entity claims is a warning at the end of the
 * build. One instance per compilation.
 */
public final class LayoutLock {
  private final LayoutDirectory directory;
  private final boolean update;

  /** Every table an entity of this compilation stores, or a {@code @RekeyedFrom} names. */
  private final Set<String> claimed = new HashSet<>();

  /**
   * The entities of the tables {@code @RekeyedFrom} names, as their files say: their other tables'
   * files (cold, chunks, index) are the old tables' too, not stale.
   */
  private final Set<String> rekeyedEntities = new HashSet<>();

  /** The hot table of each entity of this build, by class: what an unclaimed file of it became. */
  private final java.util.Map<String, String> entityTables = new java.util.HashMap<>();

  LayoutLock(LayoutDirectory directory, boolean update) {
    this.directory = directory;
    this.update = update;
  }

  /** The lock the processor options ask for; without {@link LayoutDirectory#OPTION} it is off. */
  public static LayoutLock of(Map<String, String> options) {
    return new LayoutLock(
        LayoutDirectory.of(options).orElse(null), LayoutDirectory.update(options));
  }

  /** The layout directory, when the lock is on. */
  public Optional<LayoutDirectory> directory() {
    return Optional.ofNullable(directory);
  }

  /**
   * Records the tables the entity stores (also when its design has errors) and the table its
   * {@code @RekeyedFrom} names, so that their files are not stale; checks the {@code @RekeyedFrom}.
   */
  public void claim(EntityModel entity, Diagnostics report) {
    entityTables.put(entity.type().getQualifiedName().toString(), entity.table());
    claimed.add(entity.table());
    claimed.add(entity.coldTable());
    claimed.add(entity.chunksTable());
    for (IndexModel index : entity.indexes()) {
      claimed.add(index.table());
    }
    RekeyedFrom rekeyed = entity.type().getAnnotation(RekeyedFrom.class);
    if (rekeyed == null) {
      return;
    }
    String old = rekeyed.table();
    claimed.add(old);
    AnnotationMirror mirror = RekeySources.mirror(entity.type());
    if (!ServiceNames.isLegal(old)) {
      // a table name, never a path: "../other/t" would read a file outside the layout directory
      report.error(entity.type(), mirror, "table", Messages.badTableName("table", old));
    } else if (old.equals(entity.table())) {
      report.error(entity.type(), mirror, "table", Messages.rekeyedFromItself(old));
    } else if (directory == null) {
      report.error(entity.type(), mirror, "table", Messages.rekeyedFromWithoutDirectory(old));
    } else {
      try {
        Optional<TableLayout> committed = directory.read(old);
        if (committed.isEmpty()) {
          report.error(
              entity.type(),
              mirror,
              "table",
              Messages.rekeyedFromMissing(old, directory.toString()));
        } else {
          rekeyedEntities.add(committed.get().entity());
        }
      } catch (LayoutDirectory.UnreadableLayoutException e) {
        report.error(entity.type(), mirror, "table", e.getMessage());
      }
    }
  }

  /**
   * Compares the entity's tables with their committed files, reporting on its {@code @WideTable};
   * returns what to write once the entity is generated ({@link #write}).
   *
   * @param isEntity whether a class of this qualified name is a {@code @WideTable} entity of the
   *     build: a file of such another class is that entity's old table, not a renamed class's
   */
  public Pending check(
      EntityModel entity,
      List<TableLayout> tables,
      java.util.function.Predicate<String> isEntity,
      Diagnostics report) {
    List<TableLayout> created = new ArrayList<>();
    List<TableLayout> updated = new ArrayList<>();
    if (directory == null) {
      return new Pending(created, updated);
    }
    for (TableLayout table : tables) {
      Optional<TableLayout> old;
      try {
        old = directory.read(table.table());
      } catch (LayoutDirectory.UnreadableLayoutException e) {
        report.error(entity.type(), entity.wideTable(), e.getMessage());
        continue;
      }
      if (old.isEmpty()) {
        created.add(table);
        continue;
      }
      String owner = old.get().entity();
      if (!owner.equals(table.entity()) && isEntity.test(owner)) {
        // its rows are another entity's, whatever the layouts say: comparing them would be noise
        report.error(
            entity.type(),
            entity.wideTable(),
            Messages.layoutOfAnotherEntity(table.table(), owner, table.entity()));
        continue;
      }
      boolean passed = compare(entity, tables, old.get(), table, report);
      List<String> oldLines = LayoutText.lines(old.get());
      List<String> newLines = LayoutText.lines(table);
      if (passed && !oldLines.equals(newLines)) {
        if (update) {
          updated.add(table);
        } else {
          report.note(
              entity.type(),
              entity.wideTable(),
              Messages.layoutPassingChange(
                  table.table(), minus(oldLines, newLines), minus(newLines, oldLines)));
        }
      }
    }
    warnOfIndexesOnStoredTable(entity, created, report);
    return new Pending(created, updated);
  }

  /**
   * A client-side index whose table is new while the entity's hot table is committed: the hot table
   * holds rows, which the new index has none of until the repository builds them. A service index
   * is the store's to build.
   */
  private static void warnOfIndexesOnStoredTable(
      EntityModel entity, List<TableLayout> created, Diagnostics report) {
    boolean hotCommitted = created.stream().noneMatch(t -> t.table().equals(entity.table()));
    if (!hotCommitted) {
      return;
    }
    for (IndexModel index : entity.indexes()) {
      if (!index.byService() && created.stream().anyMatch(t -> t.table().equals(index.table()))) {
        report.warning(
            entity.type(),
            index.mirror(),
            Messages.layoutIndexOnStoredTable(entity.table(), index.name(), index.table()));
      }
    }
  }

  /** Whether {@code now} may replace {@code old} (errors and warnings reported). */
  private boolean compare(
      EntityModel entity,
      List<TableLayout> tables,
      TableLayout old,
      TableLayout now,
      Diagnostics report) {
    TypeElement type = entity.type();
    AnnotationMirror at = entity.wideTable();
    String name = entity.simpleName();
    boolean passed = true;
    List<String> oldKey = keyFacts(LayoutText.lines(old));
    List<String> newKey = keyFacts(LayoutText.lines(now));
    if (!oldKey.equals(newKey)) {
      report.error(
          type,
          at,
          Messages.layoutKeyChanged(
              name, entity.table(), now.table(), minus(oldKey, newKey), minus(newKey, oldKey)));
      passed = false;
    }
    Map<String, AttributeLayout> before = byName(old.attributes());
    Map<String, AttributeLayout> after = byName(now.attributes());
    List<AttributeLayout> removed = new ArrayList<>();
    for (AttributeLayout a : old.attributes()) {
      AttributeLayout b = after.get(a.name());
      if (b == null) {
        removed.add(a);
      } else if (a.type() != b.type() || !a.encoding().equals(b.encoding())) {
        onField(entity, b.field(), report)
            .accept(
                Messages.layoutAttributeChanged(
                    name, entity.table(), now.table(), attrLine(a), attrLine(b)));
        passed = false;
      } else {
        passed &= constantsKept(entity, now, a, b, report);
      }
    }
    List<AttributeLayout> added =
        now.attributes().stream().filter(a -> !before.containsKey(a.name())).toList();
    for (AttributeLayout a : added) {
      if (a.field() == null) {
        continue; // a column of widekey's own: written from now on, read only where written
      }
      passed &= primitiveAddedIsReadable(entity, now, a, report);
      AttributeLayout declared =
          a.renamedFrom() == null
              ? null
              : removed.stream()
                  .filter(r -> r.name().equals(a.renamedFrom()))
                  .findFirst()
                  .orElse(null);
      if (declared != null) {
        removed.remove(declared);
        if (declared.type() != a.type() || !declared.encoding().equals(a.encoding())) {
          onField(entity, a.field(), report)
              .accept(
                  Messages.layoutAttributeChanged(
                      name, entity.table(), now.table(), attrLine(declared), attrLine(a)));
          passed = false;
        } else {
          passed &= constantsKept(entity, now, declared, a, report);
        }
        continue;
      }
      // the same field in another column: a changed column naming (or a field renamed back and
      // forth); said as such, since "a rename" would point at the wrong fix
      AttributeLayout sameField =
          removed.stream().filter(r -> a.field().equals(r.field())).findFirst().orElse(null);
      if (sameField != null && !movedTo(tables, now, sameField).isPresent()) {
        removed.remove(sameField);
        onField(entity, a.field(), report)
            .accept(
                Messages.layoutColumnRenamed(now.table(), a.field(), sameField.name(), a.name()));
        passed = false;
        continue;
      }
      AttributeLayout renamed =
          removed.stream()
              .filter(r -> r.field() != null && r.type() == a.type())
              .findFirst()
              .orElse(null);
      if (renamed != null && !movedTo(tables, now, renamed).isPresent()) {
        removed.remove(renamed);
        onField(entity, a.field(), report)
            .accept(Messages.layoutAttributeRenamed(now.table(), renamed.name(), a.name()));
        passed = false;
      }
    }
    for (AttributeLayout r : removed) {
      if (r.field() == null) {
        continue; // widekey's own column, no longer written: nothing reads it either
      }
      Optional<TableLayout> moved = movedTo(tables, now, r);
      if (moved.isPresent()) {
        onField(entity, r.field(), report)
            .accept(Messages.layoutAttributeMoved(r.name(), now.table(), moved.get().table()));
        passed = false;
      } else {
        report.warning(type, at, Messages.layoutAttributeRemoved(now.table(), r.name()));
      }
    }
    return passed;
  }

  /**
   * Whether every enum constant the committed column {@code old} may store is still one of the
   * field's ({@code now}): a row storing a constant gone (removed, or renamed) cannot be read.
   * Constants added pass; a file committed before constants were recorded has none to compare.
   * Reported on the field.
   */
  private static boolean constantsKept(
      EntityModel entity,
      TableLayout table,
      AttributeLayout old,
      AttributeLayout now,
      Diagnostics report) {
    if (old.constants() == null || now.constants() == null) {
      return true;
    }
    List<String> gone = minus(old.constants(), now.constants());
    if (gone.isEmpty()) {
      return true;
    }
    String enumType =
        entity.attributes().stream()
            .filter(a -> a.name().equals(now.field()))
            .map(a -> a.property().type().toString())
            .findFirst()
            .orElse(now.field());
    onField(entity, now.field(), report)
        .accept(Messages.layoutEnumConstantsRemoved(table.table(), now.field(), enumType, gone));
    return false;
  }

  /**
   * Whether a column new to a committed table can be read from the rows stored before it: not if
   * its field is primitive, which has no value for "none" (the {@code @Version}, which reads such
   * rows as version 0, aside). Reported on the field.
   */
  private static boolean primitiveAddedIsReadable(
      EntityModel entity, TableLayout now, AttributeLayout column, Diagnostics report) {
    for (Attribute a : entity.attributes()) {
      if (a.name().equals(column.field()) && a.property().primitive() && !a.version()) {
        String type = a.property().type().toString();
        report.error(
            a.property().element(),
            Messages.layoutPrimitiveAdded(
                now.table(), a.name(), column.name(), type, Property.boxedName(type)));
        return false;
      }
    }
    return true;
  }

  /**
   * Where an error about one field's column goes: on the field, where an IDE marks what to change;
   * on the {@code @WideTable} for a column of widekey's own ({@code field} null).
   */
  private static java.util.function.Consumer<String> onField(
      EntityModel entity, String field, Diagnostics report) {
    for (Attribute a : entity.attributes()) {
      if (a.name().equals(field)) {
        return message -> report.error(a.property().element(), message);
      }
    }
    return message -> report.error(entity.type(), entity.wideTable(), message);
  }

  /** Another table of the entity that now stores field column {@code column}. */
  private static Optional<TableLayout> movedTo(
      List<TableLayout> tables, TableLayout from, AttributeLayout column) {
    return tables.stream()
        .filter(t -> t != from)
        .filter(
            t ->
                t.attributes().stream()
                    .anyMatch(a -> a.field() != null && a.name().equals(column.name())))
        .findFirst();
  }

  /**
   * Writes the files of the entity's new tables (and, with {@link LayoutDirectory#UPDATE_OPTION},
   * the passing changes), each with a note; called once the entity is generated.
   */
  public void write(EntityModel entity, Pending pending, Diagnostics report) {
    for (TableLayout table : pending.created()) {
      try {
        String file = directory.write(table).toString();
        report.note(
            entity.type(), entity.wideTable(), Messages.layoutNewTable(table.table(), file));
      } catch (IOException e) {
        report.error(
            entity.type(),
            entity.wideTable(),
            Messages.layoutUnreadable(directory.file(table.table()).toString(), e.toString()));
      }
    }
    for (TableLayout table : pending.updated()) {
      try {
        String file = directory.write(table).toString();
        report.note(entity.type(), entity.wideTable(), Messages.layoutUpdated(table.table(), file));
      } catch (IOException e) {
        report.error(
            entity.type(),
            entity.wideTable(),
            Messages.layoutUnreadable(directory.file(table.table()).toString(), e.toString()));
      }
    }
  }

  /**
   * At the end of processing: a warning (on no element) in {@code report} for each layout file
   * whose table no entity of this compilation claims.
   */
  public void finish(Diagnostics report) {
    if (directory == null) {
      return;
    }
    try {
      for (String table : directory.tables()) {
        if (!claimed.contains(table) && !ofRekeyedEntity(table)) {
          report.warning(staleFile(table));
        }
      }
    } catch (IOException e) {
      report.warning(Messages.layoutUnreadable(directory.toString(), e.toString()));
    }
  }

  /**
   * Why a file no entity claims is stale. A file of an entity of this build is not "a renamed or
   * deleted entity": it is an index the entity dropped, or the hot table it was renamed from.
   */
  private String staleFile(String table) {
    String file = directory.file(table).toString();
    TableLayout layout;
    try {
      layout = directory.read(table).orElse(null);
    } catch (LayoutDirectory.UnreadableLayoutException e) {
      layout = null; // its text says nothing: the generic warning
    }
    String now = layout == null ? null : entityTables.get(layout.entity());
    if (now == null) {
      return Messages.layoutStaleFile(table, file);
    }
    String entity = layout.entity().substring(layout.entity().lastIndexOf('.') + 1);
    if (layout.role() == TableRole.INDEX && layout.index() != null) {
      return Messages.layoutStaleIndexFile(table, file, entity, layout.index());
    }
    if (layout.role() == TableRole.HOT) {
      return Messages.layoutStaleRenamedTable(table, file, entity, now);
    }
    return Messages.layoutStaleFile(table, file);
  }

  /** Whether the table's file names an entity whose old hot table a {@code @RekeyedFrom} names. */
  private boolean ofRekeyedEntity(String table) {
    if (rekeyedEntities.isEmpty()) {
      return false;
    }
    try {
      return directory.read(table).map(t -> rekeyedEntities.contains(t.entity())).orElse(false);
    } catch (LayoutDirectory.UnreadableLayoutException e) {
      return false; // reported as stale; the file is unreadable anyway
    }
  }

  /** The lines that decide where a row's key is and what its bytes are. */
  /**
   * The lines that decide a table's stored keys. A component's {@code truncate=MILLIS} is not among
   * them: it changes which values a write accepts (a finer time is truncated instead of refused,
   * WK104), never the bytes of a key already stored, which are whole milliseconds either way;
   * adding or removing it is a passing change, recorded in the file.
   */
  static List<String> keyFacts(List<String> lines) {
    return lines.stream()
        .filter(
            l ->
                (l.startsWith("key.") && !l.contains(".truncate="))
                    || l.startsWith("split.")
                    || l.startsWith("shard.")
                    || l.startsWith("role=")
                    || l.startsWith("index="))
        .toList();
  }

  private static String attrLine(AttributeLayout a) {
    return (a.field() == null ? "own." : "attr.") + a.name() + "=" + a.type() + " " + a.encoding();
  }

  private static Map<String, AttributeLayout> byName(List<AttributeLayout> attributes) {
    Map<String, AttributeLayout> out = new LinkedHashMap<>();
    attributes.forEach(a -> out.put(a.name(), a));
    return out;
  }

  /** The lines of {@code a} not in {@code b}, in order. */
  private static List<String> minus(List<String> a, List<String> b) {
    Set<String> other = new HashSet<>(b);
    return a.stream().filter(l -> !other.contains(l)).toList();
  }

  /** The files to write once the entity is generated: new tables', and updated ones. */
  public record Pending(List<TableLayout> created, List<TableLayout> updated) {}
}
