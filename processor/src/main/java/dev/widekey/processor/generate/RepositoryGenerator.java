package dev.widekey.processor.generate;

import static dev.widekey.processor.generate.RuntimeNames.ATTRIBUTES;
import static dev.widekey.processor.generate.RuntimeNames.ATTR_VALUE;
import static dev.widekey.processor.generate.RuntimeNames.COLUMNS;
import static dev.widekey.processor.generate.RuntimeNames.COMPRESSION;
import static dev.widekey.processor.generate.RuntimeNames.MONEY;
import static dev.widekey.processor.generate.RuntimeNames.PRIMARY_KEY;
import static dev.widekey.processor.generate.RuntimeNames.ROW;
import static dev.widekey.processor.generate.RuntimeNames.SPLIT_TABLE_REPOSITORY;
import static dev.widekey.processor.generate.RuntimeNames.STORE;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.NameAllocator;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import dev.widekey.processor.generate.GeneratedNames.KeysMembers;
import dev.widekey.processor.generate.GeneratedNames.TableMembers;
import dev.widekey.processor.model.Attribute;
import dev.widekey.processor.model.Construction;
import dev.widekey.processor.model.EntityModel;
import dev.widekey.processor.model.KeyComponent;
import dev.widekey.processor.model.KeyLayout;
import dev.widekey.processor.model.Property;
import dev.widekey.processor.model.ShardSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import javax.annotation.processing.Filer;
import javax.lang.model.element.Modifier;
import javax.lang.model.util.Elements;

/**
 * Writes {@code FooRepository}: typed put, get, delete and scan methods over the hot and cold
 * tables, on top of the hand-written {@code SplitTableRepository}. Scans exist only where the key
 * design keeps rows in order (rule WK107).
 */
public final class RepositoryGenerator extends SourceFileGenerator {
  /**
   * The suffix of the descending twin of every generated scan: {@code scanByDeviceIdDescending}.
   */
  static final String DESCENDING_SUFFIX = "Descending";

  public RepositoryGenerator(Filer filer, Elements elements, String generator) {
    super(filer, elements, generator);
  }

  @Override
  protected ClassName name(EntityModel entity) {
    return GeneratedNames.repository(entity);
  }

  @Override
  protected TypeSpec.Builder write(EntityModel entity, KeyLayout layout) {
    ClassName entityName = GeneratedNames.entity(entity);
    ClassName keys = GeneratedNames.keys(entity);
    ClassName table = GeneratedNames.table(entity);
    TypeSpec.Builder type =
        TypeSpec.classBuilder(name(entity))
            .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
            .superclass(ParameterizedTypeName.get(SPLIT_TABLE_REPOSITORY, entityName))
            .addJavadoc(
                "Reads and writes {@link $T} rows$L.\n",
                entityName,
                entity.hasColdColumns()
                    ? " in table {@code "
                        + entity.table()
                        + "} and cold table {@code "
                        + entity.coldTable()
                        + "}"
                    : " in table {@code " + entity.table() + "}");
    Attribute version = entity.version();
    if (ShardSpec.of(entity).isPresent()) {
      type.addMethod(ShardedRepositoryGenerator.periodConstructor(entity));
    } else {
      type.addMethod(
          MethodSpec.constructorBuilder()
              .addModifiers(Modifier.PUBLIC)
              .addParameter(STORE, "store")
              .addStatement(
                  "super(store, $T.$N, $T.$N, $L)",
                  table,
                  TableMembers.TABLES,
                  table,
                  TableMembers.CHUNKED_MAX_BYTES,
                  version == null ? CodeBlock.of("null") : CodeBlock.of("$S", version.column()))
              .build());
    }

    List<ParameterSpec> keyParams = KeyEncoding.parameters(entity.keyComponents());
    CodeBlock keyArgs = arguments(entity.keyComponents());
    TypeName optional = ParameterizedTypeName.get(ClassName.get(Optional.class), entityName);
    type.addMethod(
        MethodSpec.methodBuilder("get")
            .addModifiers(Modifier.PUBLIC)
            .addJavadoc(
                entity.hasColdColumns()
                    ? "The entity with this key, hot columns only: cold fields are null.\n"
                    : "The entity with this key.\n")
            .returns(optional)
            .addParameters(keyParams)
            .addStatement("return find($T.$N($L), false)", keys, KeysMembers.PRIMARY_KEY, keyArgs)
            .build());
    if (entity.hasColdColumns()) {
      type.addMethod(
          MethodSpec.methodBuilder("getWithCold")
              .addModifiers(Modifier.PUBLIC)
              .addJavadoc(
                  "The entity with this key, with its cold columns read from the cold table.\n")
              .returns(optional)
              .addParameters(keyParams)
              .addStatement("return find($T.$N($L), true)", keys, KeysMembers.PRIMARY_KEY, keyArgs)
              .build());
    }
    type.addMethod(
        MethodSpec.methodBuilder("delete")
            .addModifiers(Modifier.PUBLIC)
            .addJavadoc("Deletes the entity with this key, if any.\n")
            .addParameters(keyParams)
            .addStatement("remove($T.$N($L))", keys, KeysMembers.PRIMARY_KEY, keyArgs)
            .build());

    TypeName stream = ParameterizedTypeName.get(ClassName.get(Stream.class), entityName);
    for (RangeShape shape : RangeShape.all(layout)) {
      if (shape.kind() == RangeShape.Kind.BUCKETS_BETWEEN) {
        addBucketScans(type, entity, shape, stream);
        continue;
      }
      // each scan and its descending twin (newest first: the same rows, greatest key first)
      type.addMethod(scanMethod(entity, keys, stream, shape, false));
      type.addMethod(scanMethod(entity, keys, stream, shape, true));
      if (shape.kind() == RangeShape.Kind.BETWEEN) {
        type.addMethod(withinScan(entity, keys, stream, shape, false));
        type.addMethod(withinScan(entity, keys, stream, shape, true));
      }
    }
    for (RangeShape shape : RangeShape.all(layout)) {
      QueryMethods.add(type, entity, shape);
    }
    ClassName self = name(entity);
    type.addMethod(
        setting(
            self,
            "withContinuationKey",
            RuntimeNames.CONTINUATION_KEY,
            "key",
            "Sets the key that signs the cursors of this repository's pages; returns this"
                + " repository.\n\n<pre>{@code new $T(store).withContinuationKey("
                + "ContinuationKey.of(secret))}</pre>\n"));
    type.addMethod(
        setting(
            self,
            "withRememberedCommitPoints",
            TypeName.INT,
            "capacity",
            "Sets how many commit points this repository remembers (0: none), as the runtime's\n"
                + "{@code SplitTableRepository} says; returns this repository.\n\n"
                + "<pre>{@code new $T(store).withRememberedCommitPoints(50_000)}</pre>\n"));

    type.addMethod(
        MethodSpec.methodBuilder("keyOf")
            .addAnnotation(Override.class)
            .addModifiers(Modifier.PROTECTED)
            .returns(PRIMARY_KEY)
            .addParameter(entityName, "entity")
            .addStatement("return $T.$N(entity)", keys, KeysMembers.PRIMARY_KEY)
            .build());
    Map<String, String> converters = converterConstants(entity);
    addConverters(type, entity, converters);
    type.addMethod(columnsMethod("hotColumns", entityName, entity.hotAttributes(), converters));
    type.addMethod(columnsMethod("coldColumns", entityName, entity.coldAttributes(), converters));
    type.addMethod(toEntity(entity, entityName, keys));
    type.addMethod(entityOf(entity, entityName, converters));
    if (version != null) {
      type.addMethod(
          MethodSpec.methodBuilder("versionOf")
              .addAnnotation(Override.class)
              .addModifiers(Modifier.PROTECTED)
              .returns(TypeName.LONG)
              .addParameter(entityName, "entity")
              .addStatement("return $L", Accessors.read("entity", version.property()))
              .build());
      type.addMethod(withVersion(entity, entityName, version.property()));
    }
    IndexMembers.addRepositoryMembers(type, entity);
    return type;
  }

  /** The name of the scan over {@code shape}: {@code scanByDeviceId}, or its descending twin's. */
  public static String scanName(RangeShape shape, boolean descending) {
    return GeneratedNames.scanMethod(
        shape.named(), shape.suffix() + (descending ? DESCENDING_SUFFIX : ""));
  }

  /**
   * Adds the bounds of {@code shape}'s range, if it has one, to {@code scan} (named by {@code
   * names}, which holds the fixed components' names) and returns the arguments of the keys' range
   * method: the fixed components' {@code args}, then the bounds.
   */
  static CodeBlock addBounds(
      MethodSpec.Builder scan, RangeShape shape, NameAllocator names, CodeBlock args) {
    if (shape.between() == null) {
      return args;
    }
    String from = names.newName("from");
    String to = names.newName("to");
    TypeName t = TypeName.get(shape.between().property().type());
    scan.addParameter(t, from).addParameter(t, to);
    return args.isEmpty()
        ? CodeBlock.of("$N, $N", from, to)
        : CodeBlock.of("$L, $N, $N", args, from, to);
  }

  /** {@code scanBy...} over a range shape, or its {@code ...Descending} twin (a backward scan). */
  private static MethodSpec scanMethod(
      EntityModel entity, ClassName keys, TypeName stream, RangeShape shape, boolean descending) {
    List<KeyComponent> params = shape.fixed();
    CodeBlock args = arguments(params);
    String javadoc =
        descending
            ? shape.javadoc().replace("in key order", "greatest key first (a backward scan)")
            : shape.javadoc();
    MethodSpec.Builder scan =
        MethodSpec.methodBuilder(scanName(shape, descending))
            .addModifiers(Modifier.PUBLIC)
            .addJavadoc("$L$L\n", javadoc, entity.hasColdColumns() ? " Hot columns only." : "")
            .returns(stream)
            .addParameters(KeyEncoding.parameters(params));
    args = addBounds(scan, shape, KeyEncoding.names(params), args);
    return scan.addStatement(
            descending
                ? "return scan($T.$N($L).backward(), false)"
                : "return scan($T.$N($L), false)",
            keys,
            GeneratedNames.rangeMethod(shape.named(), shape.suffix()),
            args)
        .build();
  }

  /**
   * {@code scanBy...Within(fixed..., bounds)}, or its {@code ...Descending} twin: the BETWEEN
   * shape's scan for any {@code Bounds}.
   */
  private static MethodSpec withinScan(
      EntityModel entity, ClassName keys, TypeName stream, RangeShape shape, boolean descending) {
    NameAllocator names = KeyEncoding.names(shape.fixed());
    String bounds = names.newName("bounds");
    CodeBlock args = arguments(shape.fixed());
    args = args.isEmpty() ? CodeBlock.of("$N", bounds) : CodeBlock.of("$L, $N", args, bounds);
    return MethodSpec.methodBuilder(
            GeneratedNames.scanMethod(
                shape.named(), shape.withinSuffix() + (descending ? DESCENDING_SUFFIX : "")))
        .addModifiers(Modifier.PUBLIC)
        .addJavadoc(
            "Rows with these leading key values and $L within {@code $L}, $L.$L Close the stream"
                + " if not read to the end.\n",
            shape.between().name(),
            bounds,
            descending ? "greatest key first (a backward scan)" : "in key order",
            entity.hasColdColumns() ? " Hot columns only." : "")
        .returns(stream)
        .addParameters(KeyEncoding.parameters(shape.fixed()))
        .addParameter(RangeMethods.boundsType(shape.between()), bounds)
        .addStatement(
            descending
                ? "return scan($T.$N($L).backward(), false)"
                : "return scan($T.$N($L), false)",
            keys,
            GeneratedNames.rangeMethod(shape.named(), shape.withinSuffix()),
            args)
        .build();
  }

  /**
   * The merged scans over a bucketed component: {@code scanByXBetween(from, to)}, the same with a
   * limit, and {@code scanByXBetweenAfter(last, from, to, limit)}, the page after an entity
   * returned before. Each runs one scan per bucket and merges them in logical key order.
   */
  private static void addBucketScans(
      TypeSpec.Builder type, EntityModel entity, RangeShape shape, TypeName stream) {
    // each set of scans and its descending twins (the same rows, greatest key first)
    addBucketScans(type, entity, shape, stream, false);
    addBucketScans(type, entity, shape, stream, true);
  }

  /**
   * The merged scans over a bucketed component, or their {@code ...Descending} twins: {@code
   * scanByXBetweenDescending(from, to)}, with a limit, and {@code
   * scanByXBetweenDescendingAfter(last, from, to, limit)}, each bucket read backward and the scans
   * merged greatest logical key first.
   */
  private static void addBucketScans(
      TypeSpec.Builder type,
      EntityModel entity,
      RangeShape shape,
      TypeName stream,
      boolean descending) {
    ClassName keys = GeneratedNames.keys(entity);
    ClassName entityName = GeneratedNames.entity(entity);
    TypeName t = TypeName.get(shape.between().property().type());
    String scan =
        GeneratedNames.scanMethod(
            shape.named(), shape.suffix() + (descending ? DESCENDING_SUFFIX : ""));
    String ranges = GeneratedNames.bucketRangesMethod(shape.named(), shape.suffix());
    String hotOnly = entity.hasColdColumns() ? " Hot columns only." : "";
    String order = descending ? "greatest key first" : "in key order";
    String what =
        (descending
                ? shape.javadoc().replace("in key order", "greatest key first (backward scans)")
                : shape.javadoc())
            + hotOnly;
    type.addMethod(
        MethodSpec.methodBuilder(scan)
            .addModifiers(Modifier.PUBLIC)
            .addJavadoc("$L Close the stream if not read to the end.\n", what)
            .returns(stream)
            .addParameter(t, "from")
            .addParameter(t, "to")
            .addStatement("return $N(from, to, $T.MAX_VALUE)", scan, Long.class)
            .build());
    type.addMethod(
        MethodSpec.methodBuilder(scan)
            .addModifiers(Modifier.PUBLIC)
            .addJavadoc(
                "$L At most {@code limit} entities; the scans end with the last one.\n", what)
            .returns(stream)
            .addParameter(t, "from")
            .addParameter(t, "to")
            .addParameter(TypeName.LONG, "limit")
            .addStatement(
                "return scanBuckets($T.$N, $T.$N(from, to), limit, null, $L)",
                keys,
                KeysMembers.BUCKETS,
                keys,
                ranges,
                descending)
            .build());
    type.addMethod(
        MethodSpec.methodBuilder(scan + "After")
            .addModifiers(Modifier.PUBLIC)
            .addJavadoc(
                "The next page of {@link #$N($T, $T, long)}: at most {@code limit} entities after"
                    + " {@code last}, the last one returned before, $L. Each bucket's scan"
                    + " $L at {@code last}'s key, not at {@code $L}.$L\n\n"
                    + "@throws IllegalArgumentException if {@code last}'s {@code $L} lies outside"
                    + " {@code [from, to)}: it was not returned by this scan\n",
                scan,
                t,
                t,
                order,
                descending ? "ends" : "starts",
                descending ? "to" : "from",
                hotOnly,
                shape.between().property().name())
            .returns(stream)
            .addParameter(entityName, "last")
            .addParameter(t, "from")
            .addParameter(t, "to")
            .addParameter(TypeName.LONG, "limit")
            .addStatement(
                "return scanBuckets($T.$N, $T.$N(from, to), limit, $T.$N(last), $L, $S, from, to)",
                keys,
                KeysMembers.BUCKETS,
                keys,
                ranges,
                keys,
                KeysMembers.PRIMARY_KEY,
                descending,
                shape.between().property().name())
            .build());
    String within =
        GeneratedNames.scanMethod(
            shape.named(), shape.withinSuffix() + (descending ? DESCENDING_SUFFIX : ""));
    TypeName bounds = RangeMethods.boundsType(shape.between());
    String withinRanges = GeneratedNames.bucketRangesMethod(shape.named(), shape.withinSuffix());
    type.addMethod(
        MethodSpec.methodBuilder(within)
            .addModifiers(Modifier.PUBLIC)
            .addJavadoc(
                "Rows with $L within {@code bounds}, $L: one scan per bucket, merged.$L Close the"
                    + " stream if not read to the end.\n",
                shape.between().name(),
                order,
                hotOnly)
            .returns(stream)
            .addParameter(bounds, "bounds")
            .addStatement("return $N(bounds, $T.MAX_VALUE)", within, Long.class)
            .build());
    type.addMethod(
        MethodSpec.methodBuilder(within)
            .addModifiers(Modifier.PUBLIC)
            .addJavadoc(
                "Rows with $L within {@code bounds}, $L, at most {@code limit} of them.$L\n",
                shape.between().name(),
                order,
                hotOnly)
            .returns(stream)
            .addParameter(bounds, "bounds")
            .addParameter(TypeName.LONG, "limit")
            .addStatement(
                "return scanBuckets($T.$N, $T.$N(bounds), limit, null, $L)",
                keys,
                KeysMembers.BUCKETS,
                keys,
                withinRanges,
                descending)
            .build());
  }

  /**
   * The entity with a new version: a record or all-arguments class is copied through its
   * constructor; a class built by setters gets the version set and is returned itself.
   */
  private MethodSpec withVersion(EntityModel entity, ClassName entityName, Property version) {
    MethodSpec.Builder m =
        MethodSpec.methodBuilder("withVersion")
            .addAnnotation(Override.class)
            .addModifiers(Modifier.PROTECTED)
            .returns(entityName)
            .addParameter(entityName, "entity")
            .addParameter(TypeName.LONG, "version");
    if (entity.construction() == Construction.BEAN) {
      if (version.setter() == null) {
        m.addStatement("entity.$N = version", version.name());
      } else {
        m.addStatement("entity.$N(version)", version.setter());
      }
      return m.addStatement("return entity").build();
    }
    List<CodeBlock> args = new ArrayList<>();
    for (Property p : entity.constructorProperties()) { // a transient component is copied too
      args.add(
          p.name().equals(version.name()) ? CodeBlock.of("version") : Accessors.read("entity", p));
    }
    return m.addStatement("return new $T($L)", entityName, CodeBlock.join(args, ", ")).build();
  }

  /**
   * The constant each converter class is held in, by its qualified name: {@code TAGS_CONVERTER}
   * after its simple name, numbered when two converters share one.
   */
  static Map<String, String> converterConstants(EntityModel entity) {
    Map<String, String> out = new LinkedHashMap<>();
    NameAllocator names = new NameAllocator();
    for (Attribute a : entity.attributes()) {
      if (a.converted() && !out.containsKey(a.converter().qualifiedName())) {
        String qualified = a.converter().qualifiedName();
        String simple = qualified.substring(qualified.lastIndexOf('.') + 1);
        out.put(qualified, names.newName(GeneratedNames.constantCase(simple)));
      }
    }
    return out;
  }

  /**
   * {@code private static final TagsConverter TAGS_CONVERTER = new TagsConverter();} for each
   * converter: one instance, called directly (never by reflection).
   */
  private static void addConverters(
      TypeSpec.Builder type, EntityModel entity, Map<String, String> converters) {
    java.util.Set<String> added = new java.util.HashSet<>();
    for (Attribute a : entity.attributes()) {
      if (!a.converted()) {
        continue;
      }
      String constant = converters.get(a.converter().qualifiedName());
      if (!added.add(constant)) {
        continue;
      }
      TypeName converter = TypeName.get(a.converter().converter());
      type.addField(
          com.palantir.javapoet.FieldSpec.builder(
                  converter, constant, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
              .initializer("new $T()", converter)
              .build());
    }
  }

  private MethodSpec columnsMethod(
      String name,
      ClassName entityName,
      List<Attribute> attributes,
      Map<String, String> converters) {
    TypeName map =
        ParameterizedTypeName.get(
            ClassName.get(Map.class), ClassName.get(String.class), ATTR_VALUE);
    MethodSpec.Builder m =
        MethodSpec.methodBuilder(name)
            .addAnnotation(Override.class)
            .addModifiers(Modifier.PROTECTED)
            .returns(map)
            .addParameter(entityName, "entity");
    if (attributes.isEmpty()) {
      return m.addStatement("return $T.of()", Map.class).build();
    }
    // locals are named after attributes; "entity" and "columns" stay what they are
    NameAllocator names = new NameAllocator();
    names.newName("entity");
    String columns = names.newName("columns");
    m.addStatement("$T $N = new $T<>()", map, columns, LinkedHashMap.class);
    for (Attribute a : attributes) {
      CodeBlock read = Accessors.read("entity", a.property());
      if (a.property().primitive()) {
        m.addStatement("$N.put($S, $L)", columns, a.column(), attrValue(a, read));
      } else {
        String local = names.newName(GeneratedNames.variable(a.name()));
        m.addStatement("$T $N = $L", TypeName.get(a.property().type()), local, read);
        m.beginControlFlow("if ($N != null)", local);
        CodeBlock value = CodeBlock.of("$N", local);
        if (a.converted()) {
          // a null value is an absent column: the converter only ever sees values
          String constant = converters.get(a.converter().qualifiedName());
          value =
              CodeBlock.of(
                  "$T.requireStored($S, $N, $N.toStored($N))",
                  RuntimeNames.ATTRIBUTE_CONVERTER,
                  a.name(),
                  constant,
                  constant,
                  local);
        }
        m.addStatement("$N.put($S, $L)", columns, a.column(), attrValue(a, value));
        m.endControlFlow();
      }
    }
    return m.addStatement("return $N", columns).build();
  }

  /** The AttrValue of a non-null attribute value. */
  private static CodeBlock attrValue(Attribute a, CodeBlock v) {
    String n = a.name();
    if (a.isMoney()) {
      return CodeBlock.of(
          "$T.ofInteger($T.toMinorUnits($S, $L, $L))", ATTR_VALUE, MONEY, n, v, a.moneyScale());
    }
    return switch (a.kind()) {
      case STRING ->
          a.compress()
              ? CodeBlock.of(
                  "$T.ofBinary($T.deflateText($S, $L, $LL))",
                  ATTR_VALUE,
                  COMPRESSION,
                  n,
                  v,
                  a.inflatedCap())
              : CodeBlock.of(
                  "$T.ofString($T.requireWellFormed($S, $L))", ATTR_VALUE, ATTRIBUTES, n, v);
      case BYTES ->
          a.compress()
              ? CodeBlock.of(
                  "$T.ofBinary($T.deflate($S, $L, $LL))",
                  ATTR_VALUE,
                  COMPRESSION,
                  n,
                  v,
                  a.inflatedCap())
              : CodeBlock.of("$T.ofBinary($L)", ATTR_VALUE, v);
      case LONG, INT, SHORT, BYTE -> CodeBlock.of("$T.ofInteger($L)", ATTR_VALUE, v);
      case DOUBLE, FLOAT -> CodeBlock.of("$T.ofDouble($L)", ATTR_VALUE, v);
      case BOOLEAN -> CodeBlock.of("$T.ofBoolean($L)", ATTR_VALUE, v);
      case UUID, INSTANT, LOCAL_DATE, LOCAL_DATE_TIME, OFFSET_DATE_TIME, ZONED_DATE_TIME ->
          CodeBlock.of("$T.ofString($L.toString())", ATTR_VALUE, v);
      case ENUM -> CodeBlock.of("$T.ofString($L.name())", ATTR_VALUE, v);
      default -> throw new IllegalStateException("unsupported attribute " + n);
    };
  }

  private MethodSpec toEntity(EntityModel entity, ClassName entityName, ClassName keys) {
    return MethodSpec.methodBuilder("toEntity")
        .addAnnotation(Override.class)
        .addModifiers(Modifier.PROTECTED)
        .returns(entityName)
        .addParameter(PRIMARY_KEY, "key")
        .addParameter(ROW, "hot")
        .addParameter(ROW, "cold")
        .addStatement(
            "return $N($T.$N(key), hot, cold)", GeneratedNames.ENTITY_OF, keys, KeysMembers.DECODE)
        .build();
  }

  /**
   * {@code entityOf(Key, Row, Row)}: an entity from its decoded key values and its rows; shared by
   * {@code toEntity} and by a re-keying job's reader, which decodes the key under an older layout.
   */
  private MethodSpec entityOf(
      EntityModel entity, ClassName entityName, Map<String, String> converters) {
    MethodSpec.Builder m =
        MethodSpec.methodBuilder(GeneratedNames.ENTITY_OF)
            .addModifiers(Modifier.STATIC)
            .addJavadoc(
                "The entity of decoded key values {@code k}, its hot row and its cold row (null if"
                    + " it has none).\n")
            .returns(entityName)
            .addParameter(GeneratedNames.keyRecord(entity), "k")
            .addParameter(ROW, "hot")
            .addParameter(ROW, "cold");
    // locals are named after attributes; the parameters and "entity" stay what they are
    NameAllocator names = new NameAllocator();
    for (String reserved : List.of("hot", "cold", "k", "entity")) {
      names.newName(reserved);
    }
    Map<String, CodeBlock> values = new LinkedHashMap<>();
    for (KeyComponent c : entity.keyComponents()) {
      values.put(c.name(), CodeBlock.of("k.$N()", GeneratedNames.keyRecordComponent(entity, c)));
    }
    for (Attribute a : entity.attributes()) {
      CodeBlock read = readAttribute(a, a.cold() ? "cold" : "hot");
      if (a.cold()) {
        read = CodeBlock.of("cold == null ? null : $L", read);
      }
      String local = names.newName(GeneratedNames.variable(a.name()));
      if (a.converted()) {
        // the stored value, then the field's: an absent column is null, never converted
        String stored = names.newName(GeneratedNames.variable(a.name()) + "Stored");
        String constant = converters.get(a.converter().qualifiedName());
        m.addStatement("$T $N = $L", TypeName.get(a.converter().storedType()), stored, read);
        m.addStatement(
            "$T $N = $N == null ? null : $N.fromStored($N)",
            TypeName.get(a.property().type()),
            local,
            stored,
            constant,
            stored);
      } else {
        m.addStatement("$T $N = $L", TypeName.get(a.property().type()), local, read);
      }
      values.put(a.name(), CodeBlock.of("$N", local));
    }
    // a record's @Transient components are built with their type's default
    for (Property p : entity.transients()) {
      values.put(p.name(), defaultValue(p));
    }
    List<CodeBlock> ordered = new ArrayList<>();
    for (Property p : entity.constructorProperties()) {
      ordered.add(values.get(p.name()));
    }
    if (entity.construction() != Construction.BEAN) {
      return m.addStatement("return new $T($L)", entityName, CodeBlock.join(ordered, ", ")).build();
    }
    m.addStatement("$T entity = new $T()", entityName, entityName);
    for (int i = 0; i < entity.properties().size(); i++) {
      Property p = entity.properties().get(i);
      if (p.setter() == null) {
        m.addStatement("entity.$N = $L", p.name(), ordered.get(i));
      } else {
        m.addStatement("entity.$N($L)", p.setter(), ordered.get(i));
      }
    }
    return m.addStatement("return entity").build();
  }

  /** The default value of a property's type: what a record's {@code @Transient} component gets. */
  private static CodeBlock defaultValue(Property p) {
    return switch (p.type().getKind()) {
      case BOOLEAN -> CodeBlock.of("false");
      case CHAR -> CodeBlock.of("'\\0'");
      case BYTE -> CodeBlock.of("(byte) 0");
      case SHORT -> CodeBlock.of("(short) 0");
      case INT -> CodeBlock.of("0");
      case LONG -> CodeBlock.of("0L");
      case FLOAT -> CodeBlock.of("0F");
      case DOUBLE -> CodeBlock.of("0D");
      default -> CodeBlock.of("null");
    };
  }

  /**
   * An attribute's stored value read from a row variable, from its column; null when absent
   * (primitives require it). A converted attribute's is the converter's stored type.
   */
  private static CodeBlock readAttribute(Attribute a, String row) {
    String n = a.column();
    boolean primitive = a.property().primitive();
    if (a.isMoney()) {
      return CodeBlock.of("$T.getMoney($N, $S, $L)", COLUMNS, row, n, a.moneyScale());
    }
    return switch (a.kind()) {
      case STRING ->
          a.compress()
              ? CodeBlock.of("$T.getDeflatedText($N, $S, $LL)", COLUMNS, row, n, a.inflatedCap())
              : CodeBlock.of("$T.getString($N, $S)", COLUMNS, row, n);
      case BYTES ->
          a.compress()
              ? CodeBlock.of("$T.getDeflatedBytes($N, $S, $LL)", COLUMNS, row, n, a.inflatedCap())
              : CodeBlock.of("$T.getBytes($N, $S)", COLUMNS, row, n);
      case LONG -> typed(primitive, "Long", row, n);
      case INT -> typed(primitive, "Int", row, n);
      case SHORT -> typed(primitive, "Short", row, n);
      case BYTE -> typed(primitive, "Byte", row, n);
      case DOUBLE -> typed(primitive, "Double", row, n);
      case FLOAT -> typed(primitive, "Float", row, n);
      case BOOLEAN -> typed(primitive, "Boolean", row, n);
      case UUID -> CodeBlock.of("$T.getUuid($N, $S)", COLUMNS, row, n);
      case INSTANT -> CodeBlock.of("$T.getInstant($N, $S)", COLUMNS, row, n);
      case LOCAL_DATE -> CodeBlock.of("$T.getLocalDate($N, $S)", COLUMNS, row, n);
      case LOCAL_DATE_TIME -> CodeBlock.of("$T.getLocalDateTime($N, $S)", COLUMNS, row, n);
      case OFFSET_DATE_TIME -> CodeBlock.of("$T.getOffsetDateTime($N, $S)", COLUMNS, row, n);
      case ZONED_DATE_TIME -> CodeBlock.of("$T.getZonedDateTime($N, $S)", COLUMNS, row, n);
      case ENUM ->
          CodeBlock.of(
              "$T.getEnum($N, $S, $T.class)", COLUMNS, row, n, TypeName.get(a.property().type()));
      default -> throw new IllegalStateException("unsupported attribute " + n);
    };
  }

  private static CodeBlock typed(boolean primitive, String type, String row, String column) {
    return CodeBlock.of(
        "$T.$N($N, $S)", COLUMNS, (primitive ? "require" : "get") + type, row, column);
  }

  /** The components' variables, comma-separated: the arguments of a keys method. */
  static CodeBlock arguments(List<KeyComponent> components) {
    List<CodeBlock> args = new ArrayList<>();
    for (KeyComponent c : components) {
      args.add(CodeBlock.of("$N", GeneratedNames.variable(c)));
    }
    return CodeBlock.join(args, ", ");
  }

  /**
   * A setting of the runtime's repository, overridden to return the generated type so that it
   * chains after the constructor; {@code javadoc} may name that type as {@code $T}.
   */
  private static MethodSpec setting(
      ClassName self, String method, TypeName parameterType, String parameter, String javadoc) {
    return MethodSpec.methodBuilder(method)
        .addAnnotation(Override.class)
        .addModifiers(Modifier.PUBLIC)
        .addJavadoc(javadoc, self)
        .returns(self)
        .addParameter(parameterType, parameter)
        .addStatement("super.$N($N)", method, parameter)
        .addStatement("return this")
        .build();
  }
}
