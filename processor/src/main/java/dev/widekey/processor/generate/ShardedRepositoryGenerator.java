package dev.widekey.processor.generate;

import static dev.widekey.processor.generate.RuntimeNames.ENTITY_TABLES;
import static dev.widekey.processor.generate.RuntimeNames.SHARD_PERIOD;
import static dev.widekey.processor.generate.RuntimeNames.SHARD_TIMES;
import static dev.widekey.processor.generate.RuntimeNames.STORE;
import static dev.widekey.processor.generate.RuntimeNames.TIME_SHARDED_REPOSITORY;

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
import dev.widekey.processor.model.EntityModel;
import dev.widekey.processor.model.KeyComponent;
import dev.widekey.processor.model.KeyLayout;
import dev.widekey.processor.model.ShardSpec;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import javax.annotation.processing.Filer;
import javax.lang.model.element.Modifier;
import javax.lang.model.util.Elements;

/**
 * Writes {@code FooShardedRepository} for a {@code @TimeSharded} entity: the runtime's {@code
 * TimeShardedRepository} over one {@code FooRepository} per period table, with typed point reads
 * (by key when the shard field is a key component, by key and shard value when it is an attribute)
 * and the entity's key scans over a time window. The entity's {@code FooRepository} then has only
 * the constructor over one period's tables ({@link #periodConstructor}), so that nothing writes to
 * the unsuffixed table.
 */
public final class ShardedRepositoryGenerator extends SourceFileGenerator {

  public ShardedRepositoryGenerator(Filer filer, Elements elements, String generator) {
    super(filer, elements, generator);
  }

  @Override
  protected ClassName name(EntityModel entity) {
    return GeneratedNames.shardedRepository(entity);
  }

  /** {@code FooRepository(store, tables)}: the entity's repository over one period's tables. */
  static MethodSpec periodConstructor(EntityModel entity) {
    ClassName table = GeneratedNames.table(entity);
    Attribute version = entity.version();
    return MethodSpec.constructorBuilder()
        .addModifiers(Modifier.PUBLIC)
        .addJavadoc(
            "Over the tables of one period, every role named as {@link $T} names them.\n",
            GeneratedNames.shardedRepository(entity))
        .addParameter(STORE, "store")
        .addParameter(ENTITY_TABLES, "tables")
        .addStatement(
            "super(store, tables, $T.$N, $L)",
            table,
            TableMembers.CHUNKED_MAX_BYTES,
            version == null ? CodeBlock.of("null") : CodeBlock.of("$S", version.column()))
        .build();
  }

  @Override
  protected TypeSpec.Builder write(EntityModel entity, KeyLayout layout) {
    ShardSpec shard = ShardSpec.of(entity).orElseThrow();
    ClassName entityName = GeneratedNames.entity(entity);
    ClassName keys = GeneratedNames.keys(entity);
    ClassName table = GeneratedNames.table(entity);
    ClassName repository = GeneratedNames.repository(entity);
    TypeSpec.Builder type =
        TypeSpec.classBuilder(name(entity))
            .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
            .superclass(ParameterizedTypeName.get(TIME_SHARDED_REPOSITORY, entityName, repository))
            .addJavadoc(
                "Reads and writes {@link $T} rows in one table per $L of {@code $L}: {@code"
                    + " $L_<period>}, keeping $L $L.\n",
                entityName,
                shard.period().name().toLowerCase(java.util.Locale.ROOT),
                shard.by(),
                entity.table(),
                shard.retain(),
                shard.retain() == 1 ? "period" : "periods");
    type.addMethod(
        MethodSpec.constructorBuilder()
            .addModifiers(Modifier.PUBLIC)
            .addParameter(STORE, "store")
            .addStatement(
                "super(store, $T.$N, $T.$N, $L, $L, $S, tables -> new $T(store, tables))",
                table,
                TableMembers.TABLES,
                SHARD_PERIOD,
                shard.period().name(),
                shard.retain(),
                shard.ahead(),
                shard.by(),
                repository)
            .build());
    // the write window's settings, returning this type so that they chain after the constructor
    ClassName self = name(entity);
    List<Object[]> settings =
        List.of(
            new Object[] {"withClock", java.time.Clock.class, "clock"},
            new Object[] {"withGrace", java.time.Duration.class, "grace"},
            new Object[] {"withFenceSettle", java.time.Duration.class, "settle"},
            new Object[] {"withFenceKeep", java.time.Duration.class, "keep"},
            new Object[] {"withWriteWindow", int.class, "periodsBack", int.class, "periodsAhead"},
            new Object[] {"allowingBackfill", Instant.class, "from", Instant.class, "to"},
            new Object[] {"withContinuationKey", RuntimeNames.CONTINUATION_KEY, "key"},
            new Object[] {"withRememberedCommitPoints", int.class, "capacity"});
    for (Object[] setting : settings) {
      MethodSpec.Builder m =
          MethodSpec.methodBuilder((String) setting[0])
              .addAnnotation(Override.class)
              .addModifiers(Modifier.PUBLIC)
              .returns(self);
      List<String> args = new ArrayList<>();
      for (int i = 1; i < setting.length; i += 2) {
        m.addParameter(
            setting[i] instanceof Class<?> c ? TypeName.get(c) : (TypeName) setting[i],
            (String) setting[i + 1]);
        args.add((String) setting[i + 1]);
      }
      type.addMethod(
          m.addStatement("super.$N($L)", (String) setting[0], String.join(", ", args))
              .addStatement("return this")
              .build());
    }
    type.addMethod(
        MethodSpec.methodBuilder("shardOf")
            .addAnnotation(Override.class)
            .addModifiers(Modifier.PROTECTED)
            .returns(Instant.class)
            .addParameter(entityName, "entity")
            .addStatement(
                "return $T.instantOf($S, $L)",
                SHARD_TIMES,
                shard.by(),
                Accessors.read("entity", shard.property()))
            .build());

    // point reads: the shard value is the key's own component, or a parameter of its own
    List<ParameterSpec> params = new ArrayList<>(KeyEncoding.parameters(entity.keyComponents()));
    CodeBlock keyArgs = RepositoryGenerator.arguments(entity.keyComponents());
    CodeBlock shardValue;
    if (shard.keyComponent() != null) {
      shardValue = CodeBlock.of("$N", GeneratedNames.variable(shard.keyComponent()));
    } else {
      String name =
          KeyEncoding.names(entity.keyComponents()).newName(GeneratedNames.variable(shard.by()));
      params.add(ParameterSpec.builder(TypeName.get(shard.property().type()), name).build());
      shardValue = CodeBlock.of("$N", name);
    }
    CodeBlock key = CodeBlock.of("$T.$N($L)", keys, KeysMembers.PRIMARY_KEY, keyArgs);
    CodeBlock at = CodeBlock.of("$T.instantOf($S, $L)", SHARD_TIMES, shard.by(), shardValue);
    String which =
        shard.keyComponent() != null
            ? "the period of its {@code " + shard.by() + "}"
            : "the period of {@code " + shard.by() + "}";
    TypeName optional = ParameterizedTypeName.get(ClassName.get(Optional.class), entityName);
    type.addMethod(
        MethodSpec.methodBuilder("get")
            .addModifiers(Modifier.PUBLIC)
            .addJavadoc(
                "The entity with this key in $L$L; empty if that period has no table.\n",
                which,
                entity.hasColdColumns() ? ", hot columns only" : "")
            .returns(optional)
            .addParameters(params)
            .addStatement("return find($L, $L, false)", key, at)
            .build());
    if (entity.hasColdColumns()) {
      type.addMethod(
          MethodSpec.methodBuilder("getWithCold")
              .addModifiers(Modifier.PUBLIC)
              .addJavadoc("The entity with this key in $L, with its cold columns.\n", which)
              .returns(optional)
              .addParameters(params)
              .addStatement("return find($L, $L, true)", key, at)
              .build());
    }
    type.addMethod(
        MethodSpec.methodBuilder("delete")
            .addModifiers(Modifier.PUBLIC)
            .addJavadoc("Deletes the entity with this key from $L, if any.\n", which)
            .addParameters(params)
            .addStatement("remove($L, $L)", key, at)
            .build());

    // key scans over a time window: every covered period, merged in key order, and their
    // descending twins (the same rows greatest key first)
    TypeName stream = ParameterizedTypeName.get(ClassName.get(Stream.class), entityName);
    for (RangeShape shape : RangeShape.all(layout)) {
      type.addMethod(windowScan(shard, keys, stream, shape, false));
      type.addMethod(windowScan(shard, keys, stream, shape, true));
      if (shape.bounded()) {
        type.addMethod(windowWithinScan(shard, keys, stream, shape, false));
        type.addMethod(windowWithinScan(shard, keys, stream, shape, true));
      }
      addWindowQueries(type, entity, shard, keys, shape);
    }
    IndexMembers.addShardedMembers(
        type, entity, shard.by(), GeneratedNames.shardedRepository(entity));
    return type;
  }

  /**
   * {@code pageBy...(..., [bounds,] since, until, PageRequest)}, its {@code ...Descending} twin,
   * {@code countBy...} and {@code existsBy...} over a time window: the runtime's {@code
   * TimeShardedRepository.page} and {@code count}, with the method's name as the query id.
   */
  private static void addWindowQueries(
      TypeSpec.Builder type,
      EntityModel entity,
      ShardSpec shard,
      ClassName keys,
      RangeShape shape) {
    List<KeyComponent> fixed = shape.fixed();
    NameAllocator names = KeyEncoding.names(fixed);
    CodeBlock args = RepositoryGenerator.arguments(fixed);
    String bounds = shape.bounded() ? names.newName("bounds") : null;
    if (bounds != null) {
      args = args.isEmpty() ? CodeBlock.of("$N", bounds) : CodeBlock.of("$L, $N", args, bounds);
    }
    String since = names.newName("since");
    String until = names.newName("until");
    String request = names.newName("request");
    boolean bucketed = shape.kind() == RangeShape.Kind.BUCKETS_BETWEEN;
    CodeBlock ranges =
        bucketed
            ? CodeBlock.of(
                "$T.$N($L)",
                keys,
                GeneratedNames.bucketRangesMethod(shape.named(), shape.withinSuffix()),
                args)
            : CodeBlock.of(
                "$T.of($T.$N($L))",
                List.class,
                keys,
                GeneratedNames.rangeMethod(shape.named(), shape.withinSuffix()),
                args);
    CodeBlock buckets =
        bucketed ? CodeBlock.of("$T.$N", keys, KeysMembers.BUCKETS) : CodeBlock.of("null");
    String page = GeneratedNames.queryMethod("page", shape.named(), shape.withinSuffix());
    TypeName pageType =
        ParameterizedTypeName.get(RuntimeNames.CURSORED_PAGE, GeneratedNames.entity(entity));
    for (boolean descending : new boolean[] {false, true}) {
      MethodSpec.Builder m =
          MethodSpec.methodBuilder(page + (descending ? RepositoryGenerator.DESCENDING_SUFFIX : ""))
              .addModifiers(Modifier.PUBLIC)
              .addJavadoc(
                  "A page of the rows of {@code $N} whose {@code $L} is in {@code [$N, $N)}, $L,"
                      + " merged over the window's period tables; the next page is {@code"
                      + " page.nextPageRequest()} (a signed token of the last row's period and"
                      + " key; needs {@code withContinuationKey}).\n",
                  GeneratedNames.rangeMethod(shape.named(), shape.withinSuffix()),
                  shard.by(),
                  since,
                  until,
                  descending ? "greatest key first" : "in key order")
              .returns(pageType)
              .addParameters(KeyEncoding.parameters(fixed));
      if (bounds != null) {
        m.addParameter(RangeMethods.boundsType(shape.between()), bounds);
      }
      m.addParameter(Instant.class, since)
          .addParameter(Instant.class, until)
          .addParameter(RuntimeNames.PAGE_REQUEST, request)
          .addStatement(
              "return page($S, $L, $L, $N, $N, $L, $N)",
              page,
              ranges,
              buckets,
              since,
              until,
              descending,
              request);
      type.addMethod(m.build());
    }
    for (String verb : new String[] {"count", "exists"}) {
      MethodSpec.Builder m =
          MethodSpec.methodBuilder(
                  GeneratedNames.queryMethod(verb, shape.named(), shape.withinSuffix()))
              .addModifiers(Modifier.PUBLIC)
              .addJavadoc(
                  verb.equals("count")
                      ? "How many rows of {@code $N} have {@code $L} in {@code [$N, $N)}: a scan"
                          + " (keys only in the periods the window covers whole).\n"
                      : "Whether a row of {@code $N} has {@code $L} in {@code [$N, $N)}.\n",
                  GeneratedNames.rangeMethod(shape.named(), shape.withinSuffix()),
                  shard.by(),
                  since,
                  until)
              .returns(verb.equals("count") ? TypeName.LONG : TypeName.BOOLEAN)
              .addParameters(KeyEncoding.parameters(fixed));
      if (bounds != null) {
        m.addParameter(RangeMethods.boundsType(shape.between()), bounds);
      }
      m.addParameter(Instant.class, since)
          .addParameter(Instant.class, until)
          .addStatement("return $N($L, $N, $N)", verb, ranges, since, until);
      type.addMethod(m.build());
    }
  }

  /**
   * {@code scanBy...Within(..., bounds, since, until)} over a bounded shape in every period table
   * of the window, or its {@code ...Descending} twin: as {@link #windowScan} with any {@code
   * Bounds} (the generated query interfaces' ranges).
   */
  private static MethodSpec windowWithinScan(
      ShardSpec shard, ClassName keys, TypeName stream, RangeShape shape, boolean descending) {
    List<KeyComponent> fixed = shape.fixed();
    NameAllocator names = KeyEncoding.names(fixed);
    CodeBlock args = RepositoryGenerator.arguments(fixed);
    String bounds = names.newName("bounds");
    args = args.isEmpty() ? CodeBlock.of("$N", bounds) : CodeBlock.of("$L, $N", args, bounds);
    String since = names.newName("since");
    String until = names.newName("until");
    MethodSpec.Builder scan =
        MethodSpec.methodBuilder(
                GeneratedNames.scanMethod(
                    shape.named(),
                    shape.withinSuffix()
                        + (descending ? RepositoryGenerator.DESCENDING_SUFFIX : "")))
            .addModifiers(Modifier.PUBLIC)
            .returns(stream)
            .addParameters(KeyEncoding.parameters(fixed))
            .addParameter(RangeMethods.boundsType(shape.between()), bounds)
            .addParameter(Instant.class, since)
            .addParameter(Instant.class, until)
            .addJavadoc(
                "Rows with these leading key values and $L within {@code $N}, $L, whose {@code $L}"
                    + " is from {@code $N} (inclusive) to {@code $N} (exclusive), read from every"
                    + " period table of that window and merged; hot columns only.\n",
                shape.between().name(),
                bounds,
                descending ? "greatest key first (backward scans)" : "in key order",
                shard.by(),
                since,
                until);
    return windowRead(scan, keys, shape, shape.withinSuffix(), args, since, until, descending);
  }

  /**
   * {@code scanBy...(..., since, until)} over a range shape in every period table of the window, or
   * its {@code ...Descending} twin: each range read backward, merged greatest key first.
   */
  private static MethodSpec windowScan(
      ShardSpec shard, ClassName keys, TypeName stream, RangeShape shape, boolean descending) {
    List<KeyComponent> fixed = shape.fixed();
    NameAllocator names = KeyEncoding.names(fixed);
    CodeBlock args = RepositoryGenerator.arguments(fixed);
    MethodSpec.Builder scan =
        MethodSpec.methodBuilder(RepositoryGenerator.scanName(shape, descending))
            .addModifiers(Modifier.PUBLIC)
            .returns(stream)
            .addParameters(KeyEncoding.parameters(fixed));
    args = RepositoryGenerator.addBounds(scan, shape, names, args);
    String since = names.newName("since");
    String until = names.newName("until");
    scan.addParameter(Instant.class, since).addParameter(Instant.class, until);
    scan.addJavadoc(
        "$L Only rows whose {@code $L} is from {@code $N} (inclusive) to {@code $N} (exclusive),"
            + " read from every period table of that window and merged; hot columns only.\n",
        descending
            ? shape.javadoc().replace("in key order", "greatest key first (backward scans)")
            : shape.javadoc(),
        shard.by(),
        since,
        until);
    return windowRead(scan, keys, shape, shape.suffix(), args, since, until, descending);
  }

  /**
   * The body of a window scan: the keys' range (or, over a bucketed component, one range per bucket
   * in every period table, merged in logical key order) named by {@code suffix}, read over the
   * window.
   */
  private static MethodSpec windowRead(
      MethodSpec.Builder scan,
      ClassName keys,
      RangeShape shape,
      String suffix,
      CodeBlock args,
      String since,
      String until,
      boolean descending) {
    if (shape.kind() == RangeShape.Kind.BUCKETS_BETWEEN) {
      return scan.addStatement(
              "return scanBuckets($T.$N, $T.$N($L), $N, $N, $L)",
              keys,
              KeysMembers.BUCKETS,
              keys,
              GeneratedNames.bucketRangesMethod(shape.named(), suffix),
              args,
              since,
              until,
              descending)
          .build();
    }
    return scan.addStatement(
            "return scan($T.$N($L), $N, $N, $L)",
            keys,
            GeneratedNames.rangeMethod(shape.named(), suffix),
            args,
            since,
            until,
            descending)
        .build();
  }
}
