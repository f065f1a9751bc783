package dev.widekey.processor.layout;

import dev.widekey.annotations.RenamedFrom;
import dev.widekey.core.layout.AttributeLayout;
import dev.widekey.core.layout.BucketLayout;
import dev.widekey.core.layout.ColumnSource;
import dev.widekey.core.layout.HashPrefixLayout;
import dev.widekey.core.layout.KeyColumnLayout;
import dev.widekey.core.layout.KeyPartLayout;
import dev.widekey.core.layout.ShardLayout;
import dev.widekey.core.layout.TableLayout;
import dev.widekey.core.layout.TableRole;
import dev.widekey.core.store.AttrType;
import dev.widekey.core.store.PkType;
import dev.widekey.core.store.ReservedNames;
import dev.widekey.processor.model.Attribute;
import dev.widekey.processor.model.ColumnLayout;
import dev.widekey.processor.model.EntityModel;
import dev.widekey.processor.model.HashPrefixSpec;
import dev.widekey.processor.model.IndexModel;
import dev.widekey.processor.model.KeyComponent;
import dev.widekey.processor.model.KeyLayout;
import dev.widekey.processor.model.ShardSpec;
import java.util.ArrayList;
import java.util.List;

/**
 * An entity's tables as {@link TableLayout}s, built from the same model the generators encode keys
 * from ({@link KeyLayout}), so that a layout file says exactly what the generated {@code FooKeys}
 * and {@code FooRepository} store: the hot table, the cold table, the chunk table and each
 * client-side index table (a service-maintained index is no table of ours).
 *
 * <p>Key columns: the partition column is {@link ColumnSource#TEXT} when the generated {@code
 * partitionKey(...)} builds it (spliced, padded, reversed, bucketed or hash-prefixed), else {@link
 * ColumnSource#COMPONENT}; a further key column is always {@code COMPONENT}: stored as itself
 * (INTEGER: the number, a time's epoch milliseconds or epoch day, complemented when descending;
 * BINARY: the bytes) or, in a STRING column, as the component's key text (padding, reversal, UUID
 * text, enum name). The delimiter is set ({@code != '\0'}) only where components are spliced.
 *
 * <pre>{@code
 * List<TableLayout> tables = LayoutBuilder.build(entity, KeyLayout.of(entity));
 * tables.get(0).role(); // HOT
 * }</pre>
 */
public final class LayoutBuilder {
  private LayoutBuilder() {}

  /** The entity's tables: hot first, then cold, chunks and index tables, in declaration order. */
  public static List<TableLayout> build(EntityModel entity, KeyLayout layout) {
    List<TableLayout> tables = new ArrayList<>();
    String type = entity.type().getQualifiedName().toString();
    String profile = entity.profile().name();
    ShardLayout sharding = sharding(entity);
    List<KeyColumnLayout> hotKey = key(entity, layout);
    List<IndexModel> indexes = entity.indexes().stream().filter(i -> !i.byService()).toList();
    List<AttributeLayout> hot = attributes(entity.hotAttributes());
    hot.add(own(ReservedNames.ROW_MARKER, AttrType.BOOLEAN, "row-marker"));
    if (entity.hasColdColumns() || entity.hasChunkedColumns() || !indexes.isEmpty()) {
      hot.add(own(ReservedNames.HOT_WRITE_TAG, AttrType.INTEGER, "write-tag"));
    }
    if (entity.hasColdColumns()) {
      hot.add(own(ReservedNames.COLD_MARKER, AttrType.BOOLEAN, "cold-marker"));
    }
    if (entity.hasChunkedColumns()) {
      hot.add(own(ReservedNames.CHUNK_PARTS, AttrType.INTEGER, "chunk-count"));
    }
    for (IndexModel index : indexes) {
      hot.add(
          own(ReservedNames.INDEX_TAG_COLUMN_PREFIX + index.name(), AttrType.INTEGER, "write-tag"));
    }
    tables.add(
        new TableLayout(
            entity.table(),
            type,
            TableRole.HOT,
            null,
            profile,
            entity.ttlSeconds(),
            sharding,
            hotKey,
            hot,
            layout.splitPoints()));
    // cold and chunk rows: the hot key's partition column, the write's tag (and the part number)
    KeyColumnLayout tag = marker(ReservedNames.COLD_TAG, ColumnSource.WRITE_TAG);
    if (entity.hasColdColumns()) {
      List<AttributeLayout> cold = attributes(entity.coldAttributes());
      cold.add(own(ReservedNames.COLD_OWNER, AttrType.BINARY, "owner-key"));
      cold.add(own(ReservedNames.COLD_WRITTEN, AttrType.INTEGER, "epoch-millis"));
      tables.add(
          new TableLayout(
              entity.coldTable(),
              type,
              TableRole.COLD,
              null,
              profile,
              entity.ttlSeconds(),
              sharding,
              List.of(hotKey.get(0), tag),
              cold,
              layout.splitPoints()));
    }
    if (entity.hasChunkedColumns()) {
      tables.add(
          new TableLayout(
              entity.chunksTable(),
              type,
              TableRole.CHUNKS,
              null,
              profile,
              entity.ttlSeconds(),
              sharding,
              List.of(
                  hotKey.get(0), tag, marker(ReservedNames.CHUNK_PART, ColumnSource.CHUNK_PART)),
              List.of(
                  own(ReservedNames.CHUNK_DATA, AttrType.BINARY, "chunk-data"),
                  own(ReservedNames.COLD_OWNER, AttrType.BINARY, "owner-key"),
                  own(ReservedNames.COLD_WRITTEN, AttrType.INTEGER, "epoch-millis")),
              layout.splitPoints()));
    }
    for (IndexModel index : indexes) {
      KeyLayout indexLayout = index.layout();
      List<KeyColumnLayout> key = new ArrayList<>(key(index.key(), indexLayout));
      key.add(
          new KeyColumnLayout(
              ReservedNames.INDEX_REF_COLUMN,
              PkType.BINARY,
              ColumnSource.INDEX_REF,
              List.of(),
              '\0',
              null,
              null,
              false));
      tables.add(
          new TableLayout(
              index.table(),
              type,
              TableRole.INDEX,
              index.name(),
              profile,
              entity.ttlSeconds(),
              sharding,
              key,
              List.of(own(ReservedNames.COLD_WRITTEN, AttrType.INTEGER, "epoch-millis")),
              indexLayout.splitPoints()));
    }
    return tables;
  }

  /** The period tables' naming from the base name: {@code <table>_yyyy_MM} ({@code Periods}). */
  static ShardLayout sharding(EntityModel entity) {
    return ShardSpec.of(entity)
        .map(
            s ->
                new ShardLayout(
                    s.period().name(),
                    s.by(),
                    switch (s.period()) {
                      case DAY -> "<table>_yyyy_MM_dd";
                      case MONTH -> "<table>_yyyy_MM";
                      case YEAR -> "<table>_yyyy";
                    }))
        .orElse(null);
  }

  /** The primary-key columns as {@code FooKeys} encodes them. */
  static List<KeyColumnLayout> key(EntityModel entity, KeyLayout layout) {
    List<KeyColumnLayout> key = new ArrayList<>();
    ColumnLayout partition = layout.partition();
    if (layout.partitionIsText()) {
      List<KeyPartLayout> parts = partition.components().stream().map(LayoutBuilder::part).toList();
      BucketLayout buckets =
          layout.bucketed() == null
              ? null
              : new BucketLayout(layout.buckets(), layout.bucketed().name());
      HashPrefixSpec hash = layout.hashPrefix();
      // a bucketed key leads with its bucket and is never hash-prefixed (KeyEncoding)
      HashPrefixLayout prefix =
          hash == null || buckets != null
              ? null
              : new HashPrefixLayout(
                  hash.algorithm().name(),
                  hash.length(),
                  layout.hashesWholeText() ? null : layout.hashedComponent().name());
      key.add(
          new KeyColumnLayout(
              partition.name(),
              partition.type(),
              ColumnSource.TEXT,
              parts,
              entity.isSpliced() ? entity.delimiter() : '\0',
              prefix,
              buckets,
              false));
    } else {
      key.add(component(partition));
    }
    for (ColumnLayout column : layout.keyColumns()) {
      key.add(component(column));
    }
    return key;
  }

  private static KeyColumnLayout component(ColumnLayout column) {
    KeyComponent c = column.single();
    return new KeyColumnLayout(
        column.name(),
        column.type(),
        ColumnSource.COMPONENT,
        List.of(part(c)),
        '\0',
        null,
        null,
        column.type() == PkType.INTEGER && c.descending());
  }

  private static KeyPartLayout part(KeyComponent c) {
    return new KeyPartLayout(
        c.name(),
        c.kind().name(),
        c.padding() == null ? 0 : c.padding().width(),
        c.padding() != null && c.padding().signed(),
        c.reversed(),
        c.keyChars(),
        c.maxLength(),
        c.truncated());
  }

  private static KeyColumnLayout marker(String name, ColumnSource source) {
    return new KeyColumnLayout(name, PkType.INTEGER, source, List.of(), '\0', null, null, false);
  }

  private static AttributeLayout own(String name, AttrType type, String encoding) {
    return new AttributeLayout(name, null, type, encoding);
  }

  /** The entity's attribute columns, as {@code FooRepository} stores them. */
  static List<AttributeLayout> attributes(List<Attribute> attributes) {
    List<AttributeLayout> out = new ArrayList<>();
    for (Attribute a : attributes) {
      RenamedFrom renamed = a.property().element().getAnnotation(RenamedFrom.class);
      // the column, named by the entity's column naming, holds the field: a changed naming is a
      // renamed column of the same field (WK308)
      out.add(
          new AttributeLayout(
              a.column(),
              a.name(),
              type(a),
              encoding(a),
              renamed == null ? null : renamed.value(),
              constants(a)));
      if (a.chunked()) {
        // in place of a value over the attribute limit: the reference to its chunk rows
        out.add(
            own(
                ReservedNames.chunkReferenceColumn(a.column()),
                AttrType.BINARY,
                "chunk-reference"));
      }
    }
    return out;
  }

  /**
   * An enum attribute's constants, in declaration order: the names its column stores, of which one
   * removed leaves the rows that store it unreadable (WK308); null for any other attribute.
   */
  static List<String> constants(Attribute a) {
    if (a.converted()
        || a.kind() != dev.widekey.processor.model.ValueKind.ENUM
        || !(a.property().type() instanceof javax.lang.model.type.DeclaredType declared)) {
      return null;
    }
    return declared.asElement().getEnclosedElements().stream()
        .filter(e -> e.getKind() == javax.lang.model.element.ElementKind.ENUM_CONSTANT)
        .map(e -> e.getSimpleName().toString())
        .toList();
  }

  /** The stored type of an attribute ({@code RepositoryGenerator.attrValue}). */
  static AttrType type(Attribute a) {
    if (a.isMoney()) {
      return AttrType.INTEGER;
    }
    return switch (a.kind()) {
      case STRING -> a.compress() ? AttrType.BINARY : AttrType.STRING;
      case BYTES -> AttrType.BINARY;
      case LONG, INT, SHORT, BYTE -> AttrType.INTEGER;
      case DOUBLE, FLOAT -> AttrType.DOUBLE;
      case BOOLEAN -> AttrType.BOOLEAN;
      default -> AttrType.STRING;
    };
  }

  /** How an attribute's value becomes its stored value, as the layout file's words. */
  static String encoding(Attribute a) {
    String encoding;
    if (a.converted()) {
      // the stored type is the converter's; its class decides the stored value: another converter
      // is an attribute change (WK308)
      encoding =
          "converted by=" + a.converter().qualifiedName() + (a.compress() ? " compressed" : "");
    } else if (a.isMoney()) {
      encoding = "money scale=" + a.moneyScale();
    } else if (a.version()) {
      encoding = "version";
    } else {
      encoding =
          switch (a.kind()) {
            case STRING -> a.compress() ? "utf8 compressed" : "plain";
            case BYTES -> a.compress() ? "compressed" : "plain";
            case UUID -> "uuid-text";
            case ENUM -> "enum-name";
            case INSTANT, LOCAL_DATE, LOCAL_DATE_TIME, OFFSET_DATE_TIME, ZONED_DATE_TIME ->
                "iso-text";
            default -> "plain";
          };
    }
    if (a.chunked()) {
      encoding += " chunked max=" + a.chunkedMaxBytes();
    }
    return encoding;
  }
}
