package dev.widekey.processor.generate;

import dev.widekey.processor.model.ColumnLayout;
import dev.widekey.processor.model.EntityModel;
import dev.widekey.processor.model.IndexModel;
import dev.widekey.processor.model.KeyLayout;
import dev.widekey.runtime.repository.ChunkRows;
import dev.widekey.runtime.repository.ColdRows;
import dev.widekey.runtime.repository.IndexTable;
import dev.widekey.runtime.store.PkType;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import javax.annotation.processing.Filer;
import javax.tools.FileObject;
import javax.tools.StandardLocation;

/**
 * Writes one schema file per table into the class output ({@code
 * META-INF/widekey/schema/<table>.schema}) so that the primary-key layout can be compared across
 * builds: a table's primary key can never change after creation.
 */
public final class SchemaExporter {
  private final Filer filer;

  public SchemaExporter(Filer filer) {
    this.filer = filer;
  }

  public void export(EntityModel entity, KeyLayout layout) throws IOException {
    write(
        entity,
        entity.table(),
        layout,
        "hot",
        entity.hotAttributes().stream().map(a -> a.name()).toList());
    if (entity.hasColdColumns()) {
      write(
          entity,
          entity.coldTable(),
          layout,
          "cold",
          entity.coldAttributes().stream().map(a -> a.name()).toList());
    }
    if (entity.hasChunkedColumns()) {
      write(
          entity,
          entity.chunksTable(),
          layout,
          "chunks",
          List.of(ChunkRows.DATA, ColdRows.OWNER, ColdRows.WRITTEN));
    }
    for (IndexModel index : entity.indexes()) {
      if (index.byService()) {
        continue; // the service's index: described by the hot table's spec, not a table of ours
      }
      FileObject file =
          filer.createResource(
              StandardLocation.CLASS_OUTPUT,
              "",
              GeneratedNames.schemaResource(index.table()),
              entity.type());
      try (Writer w = file.openWriter()) {
        w.write(renderIndex(entity, index));
      }
    }
  }

  /**
   * The schema text of an index table: its key (the index columns as laid out, then the reference
   * column), its hash prefix's split points; no attribute columns.
   */
  static String renderIndex(EntityModel entity, IndexModel index) {
    KeyLayout layout = index.layout();
    List<String> lines = new ArrayList<>();
    lines.add("# " + GeneratedNames.doNotEditNotice(entity));
    lines.add("# widekey table schema: the primary key must never change once the table exists");
    lines.add("table=" + index.table());
    lines.add("entity=" + entity.type().getQualifiedName());
    lines.add("role=index");
    lines.add("index=" + index.name());
    lines.add("profile=" + entity.profile());
    List<ColumnLayout> pk = layout.columns();
    for (int i = 0; i < pk.size(); i++) {
      lines.add("pk." + i + "=" + pk.get(i).name() + " " + pk.get(i).type());
    }
    lines.add("pk." + pk.size() + "=" + IndexTable.REF_COLUMN + " " + PkType.BINARY);
    if (layout.hashPrefix() != null) {
      lines.add(
          "pk.0.hash=" + layout.hashPrefix().algorithm() + " " + layout.hashPrefix().length());
    }
    lines.add("split.points=" + String.join(",", layout.splitPoints()));
    lines.add("columns=");
    return String.join("\n", lines) + "\n";
  }

  /** The schema text of one table; stable line order so that files diff cleanly. */
  static String render(
      EntityModel entity, String table, KeyLayout layout, String role, List<String> columns) {
    List<String> lines = new ArrayList<>();
    lines.add("# " + GeneratedNames.doNotEditNotice(entity));
    lines.add("# widekey table schema: the primary key must never change once the table exists");
    lines.add("table=" + table);
    lines.add("entity=" + entity.type().getQualifiedName());
    lines.add("role=" + role);
    lines.add("profile=" + entity.profile());
    List<ColumnLayout> pk = layout.columns();
    // a cold row is keyed by the partition column and the tag of the write that stored it
    // a chunk row by those and its part number
    int keyColumns = role.equals("hot") ? pk.size() : 1;
    for (int i = 0; i < keyColumns; i++) {
      lines.add("pk." + i + "=" + pk.get(i).name() + " " + pk.get(i).type());
    }
    if (!role.equals("hot")) {
      lines.add("pk.1=" + ColdRows.TAG + " " + PkType.INTEGER);
    }
    if (role.equals("chunks")) {
      lines.add("pk.2=" + ChunkRows.PART + " " + PkType.INTEGER);
    }
    if (layout.bucketed() != null) {
      // the bucket count is part of the key: rows written with another count are not found
      lines.add("pk.0.buckets=" + layout.buckets());
    }
    lines.add("split.points=" + String.join(",", layout.splitPoints()));
    lines.add("columns=" + String.join(",", columns));
    return String.join("\n", lines) + "\n";
  }

  private void write(
      EntityModel entity, String table, KeyLayout layout, String role, List<String> columns)
      throws IOException {
    FileObject file =
        filer.createResource(
            StandardLocation.CLASS_OUTPUT, "", GeneratedNames.schemaResource(table), entity.type());
    try (Writer w = file.openWriter()) {
      w.write(render(entity, table, layout, role, columns));
    }
  }
}
