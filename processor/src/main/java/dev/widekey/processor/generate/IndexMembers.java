package dev.widekey.processor.generate;

import static dev.widekey.processor.generate.RuntimeNames.ATTR_TYPE;
import static dev.widekey.processor.generate.RuntimeNames.CURSORED_PAGE;
import static dev.widekey.processor.generate.RuntimeNames.DEFINED_COLUMN;
import static dev.widekey.processor.generate.RuntimeNames.INDEX_TABLE;
import static dev.widekey.processor.generate.RuntimeNames.INVALID_KEY_EXCEPTION;
import static dev.widekey.processor.generate.RuntimeNames.KEY_ALPHABET;
import static dev.widekey.processor.generate.RuntimeNames.PAGE_REQUEST;
import static dev.widekey.processor.generate.RuntimeNames.PK_COLUMN;
import static dev.widekey.processor.generate.RuntimeNames.PK_TYPE;
import static dev.widekey.processor.generate.RuntimeNames.PK_VALUE;
import static dev.widekey.processor.generate.RuntimeNames.SERVICE_INDEX;
import static dev.widekey.processor.generate.RuntimeNames.SERVICE_INDEX_TABLE;
import static dev.widekey.processor.generate.RuntimeNames.TABLE_SPEC;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.NameAllocator;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import dev.widekey.core.store.PkType;
import dev.widekey.core.store.ReservedNames;
import dev.widekey.processor.generate.GeneratedNames.KeysMembers;
import dev.widekey.processor.generate.GeneratedNames.TableMembers;
import dev.widekey.processor.model.Attribute;
import dev.widekey.processor.model.ColumnLayout;
import dev.widekey.processor.model.EntityModel;
import dev.widekey.processor.model.IndexModel;
import dev.widekey.processor.model.KeyComponent;
import dev.widekey.processor.model.KeyLayout;
import dev.widekey.processor.model.KeyRole;
import dev.widekey.processor.model.Property;
import dev.widekey.processor.model.ValueKind;
import dev.widekey.processor.model.WidekeyAnnotations;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import javax.lang.model.element.Modifier;

/**
 * The generated members of {@code @Index}es, added by the generators of the classes they live in:
 * {@code FooTable.INDEX_BY_CARD} (the index table), {@code FooKeys.ByCardIndex} (the index key of
 * an entity, and its ranges) and, in {@code FooRepository}, {@code indexValues} and {@code
 * byCard()}, a view whose {@code scanBy...} methods read through the index. The index key is built
 * by the primary key's code ({@link KeyEncoding}, {@link RangeShape}, {@link RangeMethods}) run
 * over the index key as an entity of its own ({@link IndexModel#key()}), with one more column: the
 * trailing reference column ({@link dev.widekey.core.store.ReservedNames#INDEX_REF_COLUMN}), which
 * ranges span and never fix.
 */
final class IndexMembers {

  private IndexMembers() {}

  /** {@code by_card} as a type name: {@code ByCard}. */
  static String camel(String name) {
    StringBuilder out = new StringBuilder();
    for (String word : name.split("_")) {
      if (!word.isEmpty()) {
        out.append(Character.toUpperCase(word.charAt(0))).append(word.substring(1));
      }
    }
    return out.toString();
  }

  /** {@code FooTable.INDEX_BY_CARD}. */
  static String tableConstant(IndexModel index) {
    return "INDEX_" + index.name().toUpperCase(Locale.ROOT);
  }

  /** {@code FooKeys.ByCardIndex} and {@code FooRepository.ByCardIndex}. */
  static String nestedType(IndexModel index) {
    return camel(index.name()) + "Index";
  }

  /** {@code FooRepository.byCard()}. */
  static String accessor(IndexModel index) {
    String c = camel(index.name());
    return Character.toLowerCase(c.charAt(0)) + c.substring(1);
  }

  // ---- FooTable ----

  /** One {@code INDEX_BY_CARD} constant per index, after {@code HOT}. */
  static void addTableConstants(TypeSpec.Builder type, EntityModel entity) {
    for (IndexModel index : entity.indexes()) {
      if (index.byService()) {
        type.addField(serviceTableConstant(index));
        continue;
      }
      KeyLayout layout = index.layout();
      List<CodeBlock> columns = new ArrayList<>();
      for (ColumnLayout c : layout.columns()) {
        columns.add(
            CodeBlock.of("new $T($S, $T.$L)", PK_COLUMN, c.name(), PK_TYPE, c.type().name()));
      }
      List<CodeBlock> points = new ArrayList<>();
      for (String p : layout.splitPoints()) {
        points.add(CodeBlock.of("$T.ofString($S)", PK_VALUE, p));
      }
      type.addField(
          FieldSpec.builder(
                  INDEX_TABLE,
                  tableConstant(index),
                  Modifier.PUBLIC,
                  Modifier.STATIC,
                  Modifier.FINAL)
              .addJavadoc(
                  "Index {@code $L}: table {@code $L}, keyed by $L, then the row's key and write"
                      + " tag ({@code $L}); the hot table's profile and time to live$L.\n",
                  index.name(),
                  index.table(),
                  String.join(", ", index.columns()),
                  ReservedNames.INDEX_REF_COLUMN,
                  layout.splitPoints().isEmpty()
                      ? ""
                      : ", pre-split at uniform boundaries of its hash prefix")
              .initializer(
                  "new $T($S, new $T($S, $T.layout($T.of($L)), $T.of($L), $N, $N), $L)",
                  INDEX_TABLE,
                  index.name(),
                  TABLE_SPEC,
                  index.table(),
                  INDEX_TABLE,
                  List.class,
                  CodeBlock.join(columns, ", "),
                  List.class,
                  CodeBlock.join(points, ", "),
                  TableMembers.PROFILE,
                  TableMembers.TTL_SECONDS,
                  valueColumns(entity, index))
              .build());
    }
  }

  /**
   * {@code List.of("cardId")}: the hot columns an index's values come from, or {@code null} where
   * the runtime must build the stored entity to know them ({@link IndexModel#valueColumns}).
   */
  private static CodeBlock valueColumns(EntityModel entity, IndexModel index) {
    return index
        .valueColumns(entity)
        .map(
            names ->
                CodeBlock.of(
                    "$T.of($L)",
                    List.class,
                    CodeBlock.join(names.stream().map(n -> CodeBlock.of("$S", n)).toList(), ", ")))
        .orElse(CodeBlock.of("null"));
  }

  /**
   * {@code .withIndex(INDEX_BY_CARD)} for each client-side index, to append to {@code
   * EntityTables.of(...)}; service-maintained indexes live on the hot table's spec instead.
   */
  static CodeBlock withIndexes(EntityModel entity) {
    CodeBlock.Builder code = CodeBlock.builder();
    for (IndexModel index : entity.indexes()) {
      if (!index.byService()) {
        code.add("\n.withIndex($N)", tableConstant(index));
      }
    }
    return code.build();
  }

  // ---- service-maintained indexes ----

  private static String kind(IndexModel index) {
    return index.maintenance() == dev.widekey.annotations.IndexMaintenance.SERVICE_LOCAL
        ? "LOCAL"
        : "GLOBAL";
  }

  /** The Javadoc sentence on what a read through a service index guarantees. */
  static String serviceGuarantee(IndexModel index) {
    if (index.maintenance() == dev.widekey.annotations.IndexMaintenance.SERVICE_LOCAL) {
      return "Maintained by Tablestore as a local secondary index, synchronously with each write:"
          + " a read returns exactly the entities whose indexed values match.";
    }
    return "Maintained by Tablestore as a global secondary index, asynchronously: a read may miss"
        + " entities written (or changed to these values) in the last second (the bound widekey"
        + " assumes, {@code ServiceIndexTable.ASSUMED_GLOBAL_LAG}; the service documents"
        + " milliseconds), and never returns one that does not match (each is checked against its"
        + " row). Where a read must see every write, declare the index {@code SERVICE_LOCAL}"
        + " (led by the partition key) or {@code CLIENT}, which keep the exact guarantee.";
  }

  private static FieldSpec serviceTableConstant(IndexModel index) {
    return FieldSpec.builder(
            SERVICE_INDEX_TABLE,
            tableConstant(index),
            Modifier.PUBLIC,
            Modifier.STATIC,
            Modifier.FINAL)
        .addJavadoc(
            "Index {@code $L}: Tablestore secondary index {@code $L} of the hot table, over $L,"
                + " created with it.\n$L\n",
            index.name(),
            index.table(),
            String.join(", ", index.columns()),
            serviceGuarantee(index))
        .initializer(
            "new $T($S, $S, $T.Kind.$L, $L)",
            SERVICE_INDEX_TABLE,
            index.name(),
            index.table(),
            SERVICE_INDEX,
            kind(index),
            index.columns().size())
        .build();
  }

  /**
   * {@code .withServiceIndexes(definedColumns, indexes)} for the hot table's spec, or nothing: the
   * attributes the service indexes as predefined columns, and each service index's data-table
   * columns (a key field's own key column, an attribute by name).
   */
  static CodeBlock hotServiceIndexes(EntityModel entity) {
    List<IndexModel> service = entity.indexes().stream().filter(IndexModel::byService).toList();
    if (service.isEmpty()) {
      return CodeBlock.of("");
    }
    KeyLayout own = KeyLayout.of(entity);
    java.util.LinkedHashMap<String, String> defined = new java.util.LinkedHashMap<>();
    List<CodeBlock> indexes = new ArrayList<>();
    for (IndexModel index : service) {
      List<CodeBlock> columns = new ArrayList<>();
      for (KeyComponent c : index.components()) {
        String keyColumn = null;
        for (ColumnLayout column : own.columns()) {
          if (column.components().stream().anyMatch(k -> k.name().equals(c.name()))) {
            keyColumn = column.name();
          }
        }
        if (keyColumn == null) {
          // an attribute, by its stored column name
          keyColumn =
              entity.attributes().stream()
                  .filter(a -> a.name().equals(c.name()))
                  .map(Attribute::column)
                  .findFirst()
                  .orElse(c.name());
          defined.putIfAbsent(
              keyColumn,
              switch (index.layout().columnOf(c).type()) {
                case STRING -> "STRING";
                case INTEGER -> "INTEGER";
                case BINARY -> "BINARY";
              });
        }
        columns.add(CodeBlock.of("$S", keyColumn));
      }
      indexes.add(
          CodeBlock.of(
              "new $T($S, $T.of($L), $T.Kind.$L)",
              SERVICE_INDEX,
              index.table(),
              List.class,
              CodeBlock.join(columns, ", "),
              SERVICE_INDEX,
              kind(index)));
    }
    List<CodeBlock> definedColumns = new ArrayList<>();
    defined.forEach(
        (name, type) ->
            definedColumns.add(
                CodeBlock.of("new $T($S, $T.$L)", DEFINED_COLUMN, name, ATTR_TYPE, type)));
    return CodeBlock.of(
        "\n.withServiceIndexes($T.of($L), $T.of($L))",
        List.class,
        CodeBlock.join(definedColumns, ", "),
        List.class,
        CodeBlock.join(indexes, ", "));
  }

  // ---- FooKeys ----

  /** One nested {@code ByCardIndex} class per index. */
  static void addKeysTypes(TypeSpec.Builder type, EntityModel entity) {
    for (IndexModel index : entity.indexes()) {
      type.addType(keysType(entity, index));
    }
  }

  private static TypeSpec keysType(EntityModel entity, IndexModel index) {
    EntityModel key = index.key();
    KeyLayout layout = index.layout();
    ClassName entityName = GeneratedNames.entity(entity);
    TypeSpec.Builder type =
        TypeSpec.classBuilder(nestedType(index))
            .addModifiers(Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
            .addJavadoc(
                "Key codec of index {@code $L} (table {@code $L}): the indexed values of an entity"
                    + " as the index table's leading key columns, and ranges over the index table."
                    + "\n\n<pre>{@code\n"
                    + "List<PkValue> values = $L.values(entity);\n"
                    + "}</pre>\n",
                index.name(),
                index.table(),
                nestedType(index))
            .addField(
                FieldSpec.builder(
                        TypeName.INT,
                        KeysMembers.COLUMNS,
                        Modifier.PUBLIC,
                        Modifier.STATIC,
                        Modifier.FINAL)
                    .addJavadoc(
                        "The index table's key columns: the indexed ones and the reference"
                            + " column.\n")
                    .initializer("$L", layout.columns().size() + 1)
                    .build());
    for (KeyComponent c : key.keyComponents()) {
      if (c.keyChars() != null) {
        type.addField(
            FieldSpec.builder(
                    KEY_ALPHABET,
                    GeneratedNames.alphabetConstant(key, c),
                    Modifier.PRIVATE,
                    Modifier.STATIC,
                    Modifier.FINAL)
                .initializer("$T.parse($S)", KEY_ALPHABET, c.keyChars())
                .build());
      }
    }
    type.addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
    TypeName values = ParameterizedTypeName.get(ClassName.get(List.class), PK_VALUE);
    MethodSpec.Builder ofEntity =
        MethodSpec.methodBuilder("values")
            .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
            .addJavadoc(
                "The index key values of an entity: the leading key columns of its index row; null"
                    + " if an indexed value is null, for the index holds no row of such an entity"
                    + " (a sparse index).\n\n"
                    + "@throws $T if a value breaks a key rule\n",
                INVALID_KEY_EXCEPTION)
            .returns(values)
            .addParameter(entityName, "entity");
    List<CodeBlock> reads = new ArrayList<>();
    List<CodeBlock> nulls = new ArrayList<>();
    NameAllocator locals = new NameAllocator();
    locals.newName("entity");
    for (KeyComponent c : key.keyComponents()) {
      String local = locals.newName(GeneratedNames.variable(c));
      ofEntity.addStatement(
          "$T $N = $L",
          TypeName.get(c.property().type()),
          local,
          Accessors.read("entity", c.property()));
      reads.add(CodeBlock.of("$N", local));
      if (!c.property().type().getKind().isPrimitive()) {
        nulls.add(CodeBlock.of("$N == null", local));
      }
    }
    if (!nulls.isEmpty()) {
      ofEntity
          .beginControlFlow("if ($L)", CodeBlock.join(nulls, " || "))
          .addStatement("return null")
          .endControlFlow();
    }
    type.addMethod(ofEntity.addStatement("return values($L)", CodeBlock.join(reads, ", ")).build());
    List<CodeBlock> encoded = new ArrayList<>();
    encoded.add(KeyEncoding.partitionValue(layout, key.partitionKey()));
    for (ColumnLayout column : layout.keyColumns()) {
      encoded.add(KeyEncoding.columnValue(column.single(), column.type()));
    }
    type.addMethod(
        MethodSpec.methodBuilder("values")
            .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
            .addJavadoc(
                "The index key values of these indexed values.\n\n"
                    + "@throws $T if a value breaks a key rule\n",
                INVALID_KEY_EXCEPTION)
            .returns(values)
            .addParameters(KeyEncoding.parameters(key.keyComponents()))
            .addStatement("return $T.of($L)", List.class, CodeBlock.join(encoded, ", "))
            .build());
    if (layout.partitionIsText()) {
      type.addMethod(KeyEncoding.partitionText(key, layout));
    }
    KeyLayout scans = withReference(entity, layout);
    for (RangeShape shape : shapes(scans)) {
      type.addMethod(RangeMethods.rangeMethod(key, scans, shape));
      if (shape.bounded()) {
        type.addMethod(RangeMethods.rangeWithin(key, scans, shape));
      }
    }
    for (KeyComponent c : key.keyComponents()) {
      if (layout.columnOf(c).type() == PkType.STRING) {
        type.addMethod(KeyEncoding.textMethod(c, key));
      }
    }
    return type.build();
  }

  /**
   * The index layout with the reference column as its last key column, so that {@link
   * RangeShape#all} gives the ranges that fix every indexed column too; ranges over the reference
   * column itself are left out ({@link #shapes}).
   */
  private static KeyLayout withReference(EntityModel entity, KeyLayout layout) {
    Property ref =
        new Property(
            ReservedNames.INDEX_REF_COLUMN,
            entity.type(),
            null,
            ValueKind.BYTES,
            false,
            new WidekeyAnnotations(Map.of()),
            ReservedNames.INDEX_REF_COLUMN,
            false,
            null);
    KeyComponent component =
        new KeyComponent(ref, KeyRole.KEY_COLUMN, layout.keyColumns().size(), null, null, null, 0);
    List<ColumnLayout> columns = new ArrayList<>(layout.keyColumns());
    columns.add(
        new ColumnLayout(ReservedNames.INDEX_REF_COLUMN, PkType.BINARY, List.of(component)));
    return new KeyLayout(
        layout.partition(),
        columns,
        layout.partitionIsText(),
        layout.hashPrefix(),
        layout.hashedComponent(),
        layout.splitPoints(),
        layout.buckets());
  }

  /**
   * The read shapes of {@code index}, as the generated {@code FooKeys.ByCardIndex} ranges and the
   * {@code FooRepository.ByCardIndex} view's reads are written from: for query interfaces, which
   * check a query against them.
   */
  static List<RangeShape> readShapes(EntityModel entity, IndexModel index) {
    return shapes(withReference(entity, index.layout()));
  }

  /** The read shapes of an index: every one the index key allows, none bounding the reference. */
  private static List<RangeShape> shapes(KeyLayout withReference) {
    return RangeShape.all(withReference).stream()
        .filter(
            s -> s.between() == null || !s.between().name().equals(ReservedNames.INDEX_REF_COLUMN))
        .toList();
  }

  // ---- FooRepository ----

  /** {@code indexValues}, and per index an accessor and its view of index reads. */
  static void addRepositoryMembers(TypeSpec.Builder type, EntityModel entity) {
    if (entity.indexes().isEmpty()) {
      return;
    }
    ClassName entityName = GeneratedNames.entity(entity);
    ClassName keys = GeneratedNames.keys(entity);
    CodeBlock.Builder cases = CodeBlock.builder().add("return switch (index.name()) {\n$>");
    for (IndexModel index : entity.indexes()) {
      if (!index.byService()) {
        cases.add("case $S -> $T.$N.values(entity);\n", index.name(), keys, nestedType(index));
      }
    }
    cases.add("default -> super.indexValues(index, entity);\n$<};\n");
    CodeBlock body = cases.build();
    type.addMethod(
        MethodSpec.methodBuilder("indexValues")
            .addAnnotation(Override.class)
            .addModifiers(Modifier.PROTECTED)
            .returns(ParameterizedTypeName.get(ClassName.get(List.class), PK_VALUE))
            .addParameter(INDEX_TABLE, "index")
            .addParameter(entityName, "entity")
            .addCode(body)
            .build());
    if (entity.indexes().stream().anyMatch(IndexModel::byService)) {
      CodeBlock.Builder service = CodeBlock.builder().add("return switch (index.name()) {\n$>");
      for (IndexModel index : entity.indexes()) {
        if (index.byService()) {
          service.add("case $S -> $T.$N.values(entity);\n", index.name(), keys, nestedType(index));
        }
      }
      service.add("default -> super.serviceIndexValues(index, entity);\n$<};\n");
      type.addMethod(
          MethodSpec.methodBuilder("serviceIndexValues")
              .addAnnotation(Override.class)
              .addModifiers(Modifier.PROTECTED)
              .returns(ParameterizedTypeName.get(ClassName.get(List.class), PK_VALUE))
              .addParameter(SERVICE_INDEX_TABLE, "index")
              .addParameter(entityName, "entity")
              .addCode(service.build())
              .build());
    }
    TypeName stream = ParameterizedTypeName.get(ClassName.get(Stream.class), entityName);
    for (IndexModel index : entity.indexes()) {
      ClassName view = GeneratedNames.repository(entity).nestedClass(nestedType(index));
      type.addMethod(
          MethodSpec.methodBuilder(accessor(index))
              .addModifiers(Modifier.PUBLIC)
              .addJavadoc(
                  "Reads through index {@code $L} (table {@code $L}): {@code $L().scanBy...(...)}"
                      + " returns the entities whose indexed values match, in index order.$L\n",
                  index.name(),
                  index.table(),
                  accessor(index),
                  index.byService() ? "\n" + serviceGuarantee(index) : "")
              .returns(view)
              .addStatement("return new $T()", view)
              .build());
      type.addType(repositoryView(entity, index, keys, stream));
    }
  }

  private static TypeSpec repositoryView(
      EntityModel entity, IndexModel index, ClassName keys, TypeName stream) {
    TypeSpec.Builder view =
        TypeSpec.classBuilder(nestedType(index))
            .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
            .addJavadoc(
                "Reads of {@link $T} through index {@code $L}, by its columns ($L); each entity"
                    + " read is checked against its hot row, hot columns only.$L\n\n"
                    + "<pre>{@code\n"
                    + "try (Stream<$T> rows = repository.$L().$L(...)) { ... }\n"
                    + "}</pre>\n",
                GeneratedNames.entity(entity),
                index.name(),
                String.join(", ", index.columns()),
                index.byService() ? " " + serviceGuarantee(index) : "",
                GeneratedNames.entity(entity),
                accessor(index),
                "scanBy" + camel(index.columns().get(0)))
            .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
    ClassName keysType = keys.nestedClass(nestedType(index));
    TypeName page = ParameterizedTypeName.get(CURSORED_PAGE, GeneratedNames.entity(entity));
    // the index of this repository's tables: a period's index table for a period repository
    boolean service = index.byService();
    CodeBlock table =
        service
            ? CodeBlock.of("$T.$N", GeneratedNames.table(entity), tableConstant(index))
            : CodeBlock.of("tables().index($S).orElseThrow()", index.name());
    for (RangeShape shape : shapes(withReference(entity, index.layout()))) {
      for (boolean within : shape.bounded() ? new boolean[] {false, true} : new boolean[] {false}) {
        NameAllocator names = KeyEncoding.names(shape.fixed());
        CodeBlock args = RepositoryGenerator.arguments(shape.fixed());
        List<ParameterSpec> params = new ArrayList<>(KeyEncoding.parameters(shape.fixed()));
        String suffix = within ? shape.withinSuffix() : shape.suffix();
        String what;
        if (within) {
          String bounds = names.newName("bounds");
          params.add(
              ParameterSpec.builder(RangeMethods.boundsType(shape.between()), bounds).build());
          args = args.isEmpty() ? CodeBlock.of("$N", bounds) : CodeBlock.of("$L, $N", args, bounds);
          what =
              "Rows with these leading index values and "
                  + shape.between().name()
                  + " within {@code "
                  + bounds
                  + "}";
        } else {
          if (shape.between() != null) {
            String from = names.newName("from");
            String to = names.newName("to");
            TypeName t = TypeName.get(shape.between().property().type());
            params.add(ParameterSpec.builder(t, from).build());
            params.add(ParameterSpec.builder(t, to).build());
            args =
                args.isEmpty()
                    ? CodeBlock.of("$N, $N", from, to)
                    : CodeBlock.of("$L, $N, $N", args, from, to);
          }
          what = shape.javadoc().replace(", in key order.", "").replace(" in key order.", "");
        }
        CodeBlock range =
            CodeBlock.of(
                "$T.$N($L)", keysType, GeneratedNames.rangeMethod(shape.named(), suffix), args);
        for (boolean descending : new boolean[] {false, true}) {
          String order = descending ? "greatest index key first" : "in index order";
          view.addMethod(
              MethodSpec.methodBuilder(
                      GeneratedNames.scanMethod(
                          shape.named(),
                          suffix + (descending ? RepositoryGenerator.DESCENDING_SUFFIX : "")))
                  .addModifiers(Modifier.PUBLIC)
                  .addJavadoc("$L, $L. Close the stream if not read to the end.\n", what, order)
                  .addJavadoc(service ? "\n<p>" + serviceGuarantee(index) + "\n" : "")
                  .returns(stream)
                  .addParameters(params)
                  .addStatement(
                      service ? "return scanServiceIndex($L, $L$L)" : "return scanIndex($L, $L$L)",
                      table,
                      range,
                      descending ? ".backward()" : "")
                  .build());
          if (service) {
            continue; // pages carry tokens bound to a client-side index table
          }
          String pageName = GeneratedNames.queryMethod("page", shape.named(), suffix);
          String request = names.clone().newName("request");
          view.addMethod(
              MethodSpec.methodBuilder(
                      pageName + (descending ? RepositoryGenerator.DESCENDING_SUFFIX : ""))
                  .addModifiers(Modifier.PUBLIC)
                  .addJavadoc(
                      "A page of: $L, $L. The first page is {@code PageRequest.ofSize(n)}, the"
                          + " next {@code page.nextPageRequest()}, whose cursor is a signed token"
                          + " bound to this index, query and parameters (needs {@code"
                          + " withContinuationKey}).\n\n"
                          + "@throws dev.widekey.runtime.query.InvalidContinuationException"
                          + " (WK309) for a cursor this query did not hand out; nothing is read\n",
                      what,
                      order)
                  .returns(page)
                  .addParameters(params)
                  .addParameter(PAGE_REQUEST, request)
                  .addStatement(
                      "return pageIndex($S, $L, $L$L, $N)",
                      nestedType(index) + "." + pageName,
                      table,
                      range,
                      descending ? ".backward()" : "",
                      request)
                  .build());
        }
        for (String verb : new String[] {"count", "exists"}) {
          view.addMethod(
              MethodSpec.methodBuilder(GeneratedNames.queryMethod(verb, shape.named(), suffix))
                  .addModifiers(Modifier.PUBLIC)
                  .addJavadoc(
                      verb.equals("count")
                          ? "How many entities: $L. A scan of the index range that checks each"
                              + " index row against its hot row: the store keeps no row count.\n"
                          : "Whether an entity exists: $L. Stops at the first index row its hot"
                              + " row confirms.\n",
                      what)
                  .returns(verb.equals("count") ? TypeName.LONG : TypeName.BOOLEAN)
                  .addParameters(params)
                  .addCode(
                      service
                          ? CodeBlock.builder()
                              .beginControlFlow(
                                  "try ($T s = scanServiceIndex($L, $L))", stream, table, range)
                              .addStatement(
                                  verb.equals("count")
                                      ? "return s.count()"
                                      : "return s.findFirst().isPresent()")
                              .endControlFlow()
                              .build()
                          : CodeBlock.of("return $NIndex($L, $L);\n", verb, table, range))
                  .build());
        }
      }
    }
    return view.build();
  }

  // ---- FooShardedRepository ----

  /**
   * Per index, an accessor and its view of index reads over a time window: each covered period's
   * index table read and verified, merged in index order ({@code TimeShardedRepository.scanIndex}).
   */
  static void addShardedMembers(
      TypeSpec.Builder type, EntityModel entity, String shardField, ClassName sharded) {
    ClassName keys = GeneratedNames.keys(entity);
    TypeName stream =
        ParameterizedTypeName.get(ClassName.get(Stream.class), GeneratedNames.entity(entity));
    for (IndexModel index : entity.indexes()) {
      ClassName viewName = sharded.nestedClass(nestedType(index));
      type.addMethod(
          MethodSpec.methodBuilder(accessor(index))
              .addModifiers(Modifier.PUBLIC)
              .addJavadoc(
                  "Reads through index {@code $L} over a window of periods: {@code"
                      + " $L().scanBy...(..., since, until)}.\n",
                  index.name(),
                  accessor(index))
              .returns(viewName)
              .addStatement("return new $T()", viewName)
              .build());
      TypeSpec.Builder view =
          TypeSpec.classBuilder(nestedType(index))
              .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
              .addJavadoc(
                  "Reads of {@link $T} through index {@code $L} over the period tables of a"
                      + " window, merged in index order; each entity checked against its hot row,"
                      + " hot columns only.\n",
                  GeneratedNames.entity(entity),
                  index.name())
              .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
      ClassName keysType = keys.nestedClass(nestedType(index));
      for (RangeShape shape : shapes(withReference(entity, index.layout()))) {
        for (boolean within :
            shape.bounded() ? new boolean[] {false, true} : new boolean[] {false}) {
          for (boolean descending : new boolean[] {false, true}) {
            NameAllocator names = KeyEncoding.names(shape.fixed());
            CodeBlock args = RepositoryGenerator.arguments(shape.fixed());
            String suffix = within ? shape.withinSuffix() : shape.suffix();
            MethodSpec.Builder scan =
                MethodSpec.methodBuilder(
                        GeneratedNames.scanMethod(
                            shape.named(),
                            suffix + (descending ? RepositoryGenerator.DESCENDING_SUFFIX : "")))
                    .addModifiers(Modifier.PUBLIC)
                    .returns(stream)
                    .addParameters(KeyEncoding.parameters(shape.fixed()));
            if (within) {
              String bounds = names.newName("bounds");
              scan.addParameter(RangeMethods.boundsType(shape.between()), bounds);
              args =
                  args.isEmpty()
                      ? CodeBlock.of("$N", bounds)
                      : CodeBlock.of("$L, $N", args, bounds);
            } else {
              args = RepositoryGenerator.addBounds(scan, shape, names, args);
            }
            String since = names.newName("since");
            String until = names.newName("until");
            scan.addParameter(java.time.Instant.class, since)
                .addParameter(java.time.Instant.class, until)
                .addJavadoc(
                    "Entities of {@code $N} whose {@code $L} is in {@code [$N, $N)}, $L. Close the"
                        + " stream if not read to the end.\n",
                    GeneratedNames.rangeMethod(shape.named(), suffix),
                    shardField,
                    since,
                    until,
                    descending ? "greatest index key first" : "in index order")
                .addStatement(
                    "return scanIndex($S, $T.$N($L)$L, $N, $N)",
                    index.name(),
                    keysType,
                    GeneratedNames.rangeMethod(shape.named(), suffix),
                    args,
                    descending ? ".backward()" : "",
                    since,
                    until);
            view.addMethod(scan.build());
          }
        }
      }
      type.addType(view.build());
    }
  }
}
