package dev.widekey.runtime.layout;

import dev.widekey.annotations.Profile;
import dev.widekey.core.layout.AttributeLayout;
import dev.widekey.core.layout.KeyColumnLayout;
import dev.widekey.core.layout.TableLayout;
import dev.widekey.core.layout.TableRole;
import dev.widekey.core.store.PkType;
import dev.widekey.runtime.repository.ChunkRows;
import dev.widekey.runtime.repository.ColdRows;
import dev.widekey.runtime.repository.EntityTables;
import dev.widekey.runtime.repository.IndexTable;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.TableSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An entity's tables as a repository reads them, rebuilt from their layouts: what a re-keying job's
 * reader of the old tables is constructed with, since the classes generated for the old layout are
 * gone.
 *
 * <pre>{@code
 * EntityTables old = LayoutTables.entityTables(List.of(hotLayout, coldLayout));
 * }</pre>
 */
public final class LayoutTables {
  private LayoutTables() {}

  /** The encoding word of a {@code @Chunked} attribute and its cap: {@code chunked max=1048576}. */
  private static final Pattern CHUNKED = Pattern.compile("(?:^| )chunked max=(\\d+)(?: |$)");

  /**
   * The tables of one entity by role, from their layouts: the hot table's first, then any of its
   * cold, chunk and index tables (other entities' layouts are not allowed). Each role's declared
   * attribute columns are the layout's attributes that hold a field.
   *
   * @throws IllegalArgumentException if the first layout is not a hot table's, or another belongs
   *     to another entity
   */
  public static EntityTables entityTables(List<TableLayout> layouts) {
    TableLayout hotLayout = layouts.get(0);
    if (hotLayout.role() != TableRole.HOT) {
      throw new IllegalArgumentException("the first layout is not a hot table's: " + hotLayout);
    }
    TableSpec hot = spec(hotLayout, hotLayout.key());
    TableSpec cold = null;
    TableSpec chunks = null;
    List<IndexTable> indexes = new ArrayList<>();
    TableLayout coldLayout = null;
    for (TableLayout t : layouts.subList(1, layouts.size())) {
      if (!t.entity().equals(hotLayout.entity())) {
        throw new IllegalArgumentException(
            "table " + t.table() + " belongs to " + t.entity() + ", not " + hotLayout.entity());
      }
      switch (t.role()) {
        case COLD -> {
          cold = ColdRows.tableSpec(t.table(), hot);
          coldLayout = t;
        }
        case CHUNKS -> chunks = ChunkRows.tableSpec(t.table(), hot);
        case INDEX -> {
          // the index columns: every key column but the trailing reference
          List<KeyColumnLayout> key = t.key().subList(0, t.key().size() - 1);
          TableSpec indexed = spec(t, key);
          indexes.add(
              new IndexTable(
                  t.index(),
                  new TableSpec(
                      t.table(),
                      IndexTable.layout(indexed.primaryKey()),
                      indexed.splitPoints(),
                      indexed.profile(),
                      indexed.ttlSeconds())));
        }
        case HOT -> throw new IllegalArgumentException("two hot tables: " + t.table());
      }
    }
    EntityTables tables =
        EntityTables.of(hot, cold, chunks).withColumns(EntityTables.Role.HOT, fields(hotLayout));
    if (coldLayout != null) {
      tables = tables.withColumns(EntityTables.Role.COLD, fields(coldLayout));
    }
    for (IndexTable index : indexes) {
      tables = tables.withIndex(index);
    }
    return tables;
  }

  /** The {@code @Chunked} attributes of a hot table's layout and their caps in bytes. */
  public static Map<String, Long> chunkCaps(TableLayout hot) {
    Map<String, Long> caps = new LinkedHashMap<>();
    for (AttributeLayout a : hot.attributes()) {
      Matcher m = CHUNKED.matcher(a.encoding());
      if (m.find()) {
        caps.put(a.name(), Long.parseLong(m.group(1)));
      }
    }
    return caps;
  }

  private static List<String> fields(TableLayout layout) {
    return layout.attributes().stream()
        .filter(a -> a.field() != null)
        .map(AttributeLayout::name)
        .toList();
  }

  private static TableSpec spec(TableLayout layout, List<KeyColumnLayout> key) {
    List<PkColumn> columns = new ArrayList<>();
    for (KeyColumnLayout c : key) {
      columns.add(new PkColumn(c.name(), c.type()));
    }
    PkType partition = columns.get(0).type();
    List<PkValue> points = new ArrayList<>();
    for (String p : layout.splitPoints()) {
      points.add(
          switch (partition) {
            case STRING -> PkValue.ofString(p);
            case INTEGER -> PkValue.ofInteger(Long.parseLong(p));
            case BINARY -> throw new IllegalArgumentException("binary split point " + p);
          });
    }
    return new TableSpec(
        layout.table(), columns, points, Profile.valueOf(layout.profile()), layout.ttlSeconds());
  }
}
