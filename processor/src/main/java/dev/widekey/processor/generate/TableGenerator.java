package dev.widekey.processor.generate;

import static dev.widekey.processor.generate.RuntimeNames.PK_COLUMN;
import static dev.widekey.processor.generate.RuntimeNames.PK_TYPE;
import static dev.widekey.processor.generate.RuntimeNames.PK_VALUE;
import static dev.widekey.processor.generate.RuntimeNames.PROFILE;
import static dev.widekey.processor.generate.RuntimeNames.TABLE_SPEC;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import dev.widekey.annotations.RenamedFrom;
import dev.widekey.core.store.StoreLimits;
import dev.widekey.processor.generate.GeneratedNames.TableMembers;
import dev.widekey.processor.model.Attribute;
import dev.widekey.processor.model.ColumnLayout;
import dev.widekey.processor.model.EntityModel;
import dev.widekey.processor.model.KeyLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.annotation.processing.Filer;
import javax.lang.model.element.Modifier;
import javax.lang.model.util.Elements;

/**
 * Writes {@code FooTable}: the table names, primary-key schema, pre-split points, column lists and
 * profile of an entity, as constants read without reflection.
 */
public final class TableGenerator extends SourceFileGenerator {

  public TableGenerator(Filer filer, Elements elements, String generator) {
    super(filer, elements, generator);
  }

  @Override
  protected ClassName name(EntityModel entity) {
    return GeneratedNames.table(entity);
  }

  @Override
  protected TypeSpec.Builder write(EntityModel entity, KeyLayout layout) {
    TypeName stringList =
        ParameterizedTypeName.get(ClassName.get(List.class), ClassName.get(String.class));
    TypeSpec.Builder type =
        TypeSpec.classBuilder(name(entity))
            .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
            .addJavadoc("Table layout of {@link $T}.\n", GeneratedNames.entity(entity))
            .addField(
                constant(
                    ClassName.get(String.class),
                    TableMembers.NAME,
                    "The hot table.",
                    CodeBlock.of("$S", entity.table())));
    if (entity.hasColdColumns()) {
      type.addField(
          constant(
              ClassName.get(String.class),
              TableMembers.COLD_NAME,
              "The cold table: {@code @ColdColumn} attributes, read on demand.",
              CodeBlock.of("$S", entity.coldTable())));
    }
    if (entity.hasChunkedColumns()) {
      type.addField(
          constant(
              ClassName.get(String.class),
              TableMembers.CHUNKS_NAME,
              "The chunk table: pieces of {@code @Chunked} values over the attribute limit.",
              CodeBlock.of("$S", entity.chunksTable())));
    }
    type.addField(
        constant(
            PROFILE,
            TableMembers.PROFILE,
            "The service whose limits the design was checked against.",
            CodeBlock.of("$T.$L", PROFILE, entity.profile().name())));
    type.addField(
        constant(
            TypeName.LONG,
            TableMembers.TTL_SECONDS,
            entity.ttlSeconds() == -1
                ? "Seconds a row lives after its last write: -1, rows never expire."
                : "Seconds a row lives after its last write; then no store reads it back.",
            CodeBlock.of("$LL", entity.ttlSeconds())));

    List<CodeBlock> columns = new ArrayList<>();
    for (ColumnLayout c : layout.columns()) {
      columns.add(CodeBlock.of("new $T($S, $T.$L)", PK_COLUMN, c.name(), PK_TYPE, c.type().name()));
    }
    type.addField(
        constant(
            ParameterizedTypeName.get(ClassName.get(List.class), PK_COLUMN),
            TableMembers.PRIMARY_KEY,
            "The primary-key columns, partition key first. A table's primary key never changes.",
            CodeBlock.of("$T.of($L)", List.class, CodeBlock.join(columns, ", "))));

    List<CodeBlock> points = new ArrayList<>();
    for (String p : layout.splitPoints()) {
      points.add(CodeBlock.of("$T.ofString($S)", PK_VALUE, p));
    }
    type.addField(
        constant(
            ParameterizedTypeName.get(ClassName.get(List.class), PK_VALUE),
            TableMembers.SPLIT_POINTS,
            splitPointsDoc(layout),
            CodeBlock.of("$T.of($L)", List.class, CodeBlock.join(points, ", "))));

    type.addField(
        constant(
            stringList,
            TableMembers.HOT_COLUMNS,
            "Attribute columns of the hot table.",
            names(entity.hotAttributes())));
    type.addField(
        constant(
            stringList,
            TableMembers.COLD_COLUMNS,
            "Attribute columns of the cold table.",
            names(entity.coldAttributes())));
    if (!renamedFrom(entity.hotAttributes()).isEmpty()) {
      type.addField(
          constant(
              stringList,
              TableMembers.HOT_READ_COLUMNS,
              READ_COLUMNS_DOC,
              readNames(entity.hotAttributes())));
    }
    if (!renamedFrom(entity.coldAttributes()).isEmpty()) {
      type.addField(
          constant(
              stringList,
              TableMembers.COLD_READ_COLUMNS,
              READ_COLUMNS_DOC,
              readNames(entity.coldAttributes())));
    }

    type.addField(
        constant(
            stringList,
            TableMembers.CHUNKED_COLUMNS,
            "Columns whose values over the "
                + (StoreLimits.of(entity.profile()).maxAttributeBytes() >> 20)
                + " MB attribute limit are stored in chunk rows.",
            names(entity.attributes().stream().filter(Attribute::chunked).toList())));
    List<CodeBlock> caps = new ArrayList<>();
    for (Attribute a : entity.attributes()) {
      if (a.chunked()) {
        caps.add(CodeBlock.of("$T.entry($S, $LL)", Map.class, a.column(), a.chunkedMaxBytes()));
      }
    }
    type.addField(
        constant(
            ParameterizedTypeName.get(
                ClassName.get(Map.class), ClassName.get(String.class), ClassName.get(Long.class)),
            TableMembers.CHUNKED_MAX_BYTES,
            "The cap of each {@code @Chunked} column, in bytes ({@code maxBytes}).",
            CodeBlock.of("$T.ofEntries($L)", Map.class, CodeBlock.join(caps, ", "))));
    type.addField(
        constant(
            TABLE_SPEC,
            TableMembers.HOT,
            "What a store needs to create the hot table"
                + (entity.indexes().stream().anyMatch(i -> i.byService())
                    ? ", with the secondary indexes the service maintains."
                    : "."),
            CodeBlock.of(
                "$L$L", tableSpec(TableMembers.NAME), IndexMembers.hotServiceIndexes(entity))));
    if (entity.hasColdColumns()) {
      type.addField(
          constant(
              TABLE_SPEC,
              TableMembers.COLD,
              "What a store needs to create the cold table: keyed by the partition column and the"
                  + " write tag of the write that stored each row, which the hot row names.",
              CodeBlock.of(
                  "$T.tableSpec($N, $N)",
                  RuntimeNames.COLD_ROWS,
                  TableMembers.COLD_NAME,
                  TableMembers.HOT)));
    }
    if (entity.hasChunkedColumns()) {
      type.addField(
          constant(
              TABLE_SPEC,
              TableMembers.CHUNKS,
              "What a store needs to create the chunk table: keyed by the partition column, the"
                  + " write tag and the part number, which the hot row counts.",
              CodeBlock.of(
                  "$T.tableSpec($N, $N)",
                  RuntimeNames.CHUNK_ROWS,
                  TableMembers.CHUNKS_NAME,
                  TableMembers.HOT)));
    }
    IndexMembers.addTableConstants(type, entity);
    type.addField(
        constant(
            RuntimeNames.ENTITY_TABLES,
            TableMembers.TABLES,
            "The entity's tables by role: the hot table, its commit point"
                + (entity.hasColdColumns() ? ", the cold table" : "")
                + (entity.hasChunkedColumns() ? ", the chunk table" : "")
                + (entity.indexes().isEmpty() ? "" : ", the index tables")
                + ".",
            entityTables(entity)));
    type.addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
    return type;
  }

  /**
   * {@code EntityTables.of(HOT, COLD, CHUNKS)} with the columns each role's rows hold, so that
   * reads select those and fetch nothing else a row may carry.
   */
  private static CodeBlock entityTables(EntityModel entity) {
    CodeBlock.Builder code =
        CodeBlock.builder()
            .add(
                "$T.of($N, $L, $L)",
                RuntimeNames.ENTITY_TABLES,
                TableMembers.HOT,
                entity.hasColdColumns() ? TableMembers.COLD : "null",
                entity.hasChunkedColumns() ? TableMembers.CHUNKS : "null");
    code.add("$>$>");
    code.add(
        "\n.withColumns($T.Role.HOT, $N)",
        RuntimeNames.ENTITY_TABLES,
        renamedFrom(entity.hotAttributes()).isEmpty()
            ? TableMembers.HOT_COLUMNS
            : TableMembers.HOT_READ_COLUMNS);
    if (entity.hasColdColumns()) {
      code.add(
          "\n.withColumns($T.Role.COLD, $N)",
          RuntimeNames.ENTITY_TABLES,
          renamedFrom(entity.coldAttributes()).isEmpty()
              ? TableMembers.COLD_COLUMNS
              : TableMembers.COLD_READ_COLUMNS);
    }
    code.add(IndexMembers.withIndexes(entity));
    return code.add("$<$<").build();
  }

  private static String splitPointsDoc(KeyLayout layout) {
    if (layout.splitPoints().isEmpty()) {
      return "Pre-split points: none; the store splits the table as it grows.";
    }
    if (layout.bucketed() != null) {
      return "Pre-split points: bucket boundaries, the "
          + layout.buckets()
          + " buckets in "
          + (layout.splitPoints().size() + 1)
          + " partitions (as many as the profile creates a table with), so writes spread from the"
          + " first row.";
    }
    if (layout.hashPrefix() != null) {
      return "Pre-split points: uniform boundaries of the hash prefix, so writes spread over "
          + (layout.splitPoints().size() + 1)
          + " partitions from the first row.";
    }
    return "Pre-split points: the first digit of the reversed number.";
  }

  /**
   * The {@code TableSpec} of the table named by constant {@code name}: the key, the profile and the
   * time to live are shared.
   */
  private static CodeBlock tableSpec(String name) {
    return CodeBlock.of(
        "new $T($N, $N, $N, $N, $N)",
        TABLE_SPEC,
        name,
        TableMembers.PRIMARY_KEY,
        TableMembers.SPLIT_POINTS,
        TableMembers.PROFILE,
        TableMembers.TTL_SECONDS);
  }

  private static final String READ_COLUMNS_DOC =
      "Columns a read selects: the attribute columns, then the old columns of fields renamed with"
          + " {@code @RenamedFrom}, so that a row that holds only an old column (written before"
          + " the rename) is still found, its renamed field read as null.";

  /** The old columns of attributes renamed with {@code @RenamedFrom}, in field order. */
  private static List<String> renamedFrom(List<Attribute> attributes) {
    List<String> old = new ArrayList<>();
    for (Attribute a : attributes) {
      RenamedFrom renamed = a.property().element().getAnnotation(RenamedFrom.class);
      if (renamed != null) {
        old.add(renamed.value());
      }
    }
    return old;
  }

  /** The attribute columns, then the old columns of renamed ones. */
  private static CodeBlock readNames(List<Attribute> attributes) {
    List<CodeBlock> names = new ArrayList<>();
    for (Attribute a : attributes) {
      names.add(CodeBlock.of("$S", a.column()));
    }
    for (String old : renamedFrom(attributes)) {
      names.add(CodeBlock.of("$S", old));
    }
    return CodeBlock.of("$T.of($L)", List.class, CodeBlock.join(names, ", "));
  }

  private static CodeBlock names(List<Attribute> attributes) {
    List<CodeBlock> names = new ArrayList<>();
    for (Attribute a : attributes) {
      names.add(CodeBlock.of("$S", a.column()));
    }
    return CodeBlock.of("$T.of($L)", List.class, CodeBlock.join(names, ", "));
  }

  private static FieldSpec constant(TypeName type, String name, String doc, CodeBlock value) {
    return FieldSpec.builder(type, name, Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
        .addJavadoc("$L\n", doc)
        .initializer(value)
        .build();
  }
}
