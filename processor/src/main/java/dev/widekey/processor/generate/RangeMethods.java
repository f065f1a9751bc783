package dev.widekey.processor.generate;

import static dev.widekey.processor.generate.RuntimeNames.BOUNDS;
import static dev.widekey.processor.generate.RuntimeNames.KEY_BOUNDS;
import static dev.widekey.processor.generate.RuntimeNames.KEY_RANGES;
import static dev.widekey.processor.generate.RuntimeNames.KEY_TEXT;
import static dev.widekey.processor.generate.RuntimeNames.PK_VALUE;
import static dev.widekey.processor.generate.RuntimeNames.SCAN_RANGE;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.NameAllocator;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import dev.widekey.core.store.PkType;
import dev.widekey.processor.generate.GeneratedNames.KeysMembers;
import dev.widekey.processor.model.EntityModel;
import dev.widekey.processor.model.HashPrefixSpec;
import dev.widekey.processor.model.KeyComponent;
import dev.widekey.processor.model.KeyLayout;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * The {@code rangeBy...} methods of {@code FooKeys}: scan ranges over the leading key components,
 * only where the stored order keeps them contiguous (rule WK107).
 */
final class RangeMethods {
  private RangeMethods() {}

  /**
   * Range methods over the leading key components, where the stored order allows them: proper
   * prefixes of a spliced partition key, the whole partition key, leading key columns, and a
   * half-open interval of the first key column within one partition-key value.
   */
  static void addRangeMethods(TypeSpec.Builder type, EntityModel entity, KeyLayout layout) {
    for (RangeShape shape : RangeShape.all(layout)) {
      type.addMethod(
          shape.kind() == RangeShape.Kind.BUCKETS_BETWEEN
              ? bucketRanges(shape)
              : rangeMethod(entity, layout, shape));
      if (shape.kind() == RangeShape.Kind.BUCKETS_BETWEEN) {
        type.addMethod(bucketRangesWithin(entity, shape));
      } else if (shape.kind() == RangeShape.Kind.BETWEEN) {
        type.addMethod(rangeWithin(entity, layout, shape));
      }
    }
  }

  /**
   * {@code rangesByTimestampBetween(from, to)}: one range per bucket, in bucket order, for a merge
   * in {@code BUCKETS.logicalOrder()}; never one range, which would read bucket after bucket.
   */
  static MethodSpec bucketRanges(RangeShape shape) {
    KeyComponent c = shape.between();
    TypeName t = TypeName.get(c.property().type());
    MethodSpec.Builder m =
        MethodSpec.methodBuilder(GeneratedNames.bucketRangesMethod(shape.named(), shape.suffix()))
            .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
            .returns(ParameterizedTypeName.get(ClassName.get(List.class), SCAN_RANGE))
            .addJavadoc(
                "Rows with $L from {@code from} (inclusive) to {@code to} (exclusive): one range"
                    + " per bucket, buckets 0 to N - 1 in order, to merge in {@code"
                    + " $N.logicalOrder()}.\n",
                c.name(),
                KeysMembers.BUCKETS)
            .addParameter(ParameterSpec.builder(t, "from").build())
            .addParameter(ParameterSpec.builder(t, "to").build());
    requireBounds(m, c, "from", "to");
    return m.addStatement(
            "return $N($T.between(from, to))",
            GeneratedNames.bucketRangesMethod(shape.named(), shape.withinSuffix()),
            BOUNDS)
        .build();
  }

  /**
   * {@code rangesByTimestampWithin(bounds)}: one range per bucket for any {@code Bounds}; a bound
   * the component cannot hold reads as below or above every value ({@code KeyBounds}).
   */
  static MethodSpec bucketRangesWithin(EntityModel entity, RangeShape shape) {
    KeyComponent c = shape.between();
    MethodSpec.Builder m =
        MethodSpec.methodBuilder(
                GeneratedNames.bucketRangesMethod(shape.named(), shape.withinSuffix()))
            .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
            .returns(ParameterizedTypeName.get(ClassName.get(List.class), SCAN_RANGE))
            .addJavadoc(
                "Rows with $L within {@code bounds} (each side inclusive, exclusive or open): one"
                    + " range per bucket, buckets 0 to N - 1 in order, to merge in {@code"
                    + " $N.logicalOrder()}. A bound $L cannot hold reads as below or above every"
                    + " value.\n\n<pre>{@code $N(Bounds.atLeast(from))}</pre>\n",
                c.name(),
                KeysMembers.BUCKETS,
                c.name(),
                GeneratedNames.bucketRangesMethod(shape.named(), shape.withinSuffix()))
            .addParameter(ParameterSpec.builder(boundsType(c), "bounds").build());
    m.addStatement("$T.requireNonNull(bounds, $S)", java.util.Objects.class, "bounds");
    // a spliced key continues after the component with the delimiter, below all it may hold
    String successor =
        entity.isSpliced() ? String.valueOf((char) (entity.delimiter() + 1)) : "\u0000";
    CodeBlock span =
        c.kind().integral()
            ? CodeBlock.of("$L.ascending(n -> $L)", numbers(c, "bounds"), textOfNumber(c))
            : CodeBlock.of(
                "$T.text(bounds, $S, $L, $S)",
                KEY_BOUNDS,
                c.name(),
                c.maxLength(),
                entity.isSpliced() ? String.valueOf(entity.delimiter()) : "\u0000");
    return m.addStatement(
            "return $N.within($L, $S, $N)",
            KeysMembers.BUCKETS,
            span,
            successor,
            KeysMembers.COLUMNS)
        .build();
  }

  /** {@code Bounds<T>} of a component's (boxed) type. */
  static TypeName boundsType(KeyComponent c) {
    return ParameterizedTypeName.get(BOUNDS, TypeName.get(c.property().type()).box());
  }

  /**
   * Checks that {@code from} and {@code to} are not null (WK111 naming the component), as the
   * encoders did before the bounds were {@code Bounds}.
   */
  private static void requireBounds(MethodSpec.Builder m, KeyComponent c, String from, String to) {
    if (!c.property().primitive()) {
      m.addStatement("$T.requireNonNull($S, $N)", KEY_TEXT, c.name(), from);
      m.addStatement("$T.requireNonNull($S, $N)", KEY_TEXT, c.name(), to);
    }
  }

  /** {@code KeyBounds.Numbers} of an integral or time component's bounds held by {@code b}. */
  static CodeBlock numbers(KeyComponent c, String b) {
    CodeBlock min;
    CodeBlock max;
    if (c.padding() != null) {
      min =
          CodeBlock.of(
              "$T.paddedMin($L, $L)", KEY_BOUNDS, c.padding().width(), c.padding().signed());
      max =
          CodeBlock.of(
              "$T.paddedMax($L, $L)", KEY_BOUNDS, c.padding().width(), c.padding().signed());
    } else {
      min = CodeBlock.of("$T.MIN_VALUE", Long.class);
      max = CodeBlock.of("$T.MAX_VALUE", Long.class);
    }
    return switch (c.kind()) {
      case INSTANT -> CodeBlock.of("$T.instants($N, $L, $L)", KEY_BOUNDS, b, min, max);
      case LOCAL_DATE_TIME ->
          CodeBlock.of(
              "$T.instants($N.map(t -> t.toInstant($T.UTC)), $L, $L)",
              KEY_BOUNDS,
              b,
              java.time.ZoneOffset.class,
              min,
              max);
      case OFFSET_DATE_TIME, ZONED_DATE_TIME ->
          CodeBlock.of("$T.instants($N.map(t -> t.toInstant()), $L, $L)", KEY_BOUNDS, b, min, max);
      case LOCAL_DATE ->
          CodeBlock.of(
              "$T.numbers($N.map($T::toEpochDay), $L, $L)",
              KEY_BOUNDS,
              b,
              java.time.LocalDate.class,
              min,
              max);
      default -> CodeBlock.of("$T.numbers($N, $L, $L)", KEY_BOUNDS, b, min, max);
    };
  }

  /** The STRING PkValue of a stored number {@code n} of an integral component kept as text. */
  private static CodeBlock textOfNumber(KeyComponent c) {
    CodeBlock text =
        c.padding() != null
            ? CodeBlock.of(
                "$T.encode($S, n, $L, $L)",
                RuntimeNames.PADDING,
                c.name(),
                c.padding().width(),
                c.padding().signed())
            : CodeBlock.of("$T.toString(n)", Long.class);
    if (c.reversed()) {
      text = CodeBlock.of("$T.reverse($L)", KEY_TEXT, text);
    }
    return CodeBlock.of("$T.ofString($L)", PK_VALUE, text);
  }

  static MethodSpec rangeMethod(EntityModel entity, KeyLayout layout, RangeShape shape) {
    MethodSpec.Builder m =
        MethodSpec.methodBuilder(GeneratedNames.rangeMethod(shape.named(), shape.suffix()))
            .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
            .returns(SCAN_RANGE)
            .addParameters(KeyEncoding.parameters(shape.fixed()));
    m.addJavadoc("$L\n", shape.javadoc());
    NameAllocator names = KeyEncoding.names(shape.fixed());
    if (shape.kind() == RangeShape.Kind.PARTITION_PREFIX) {
      List<CodeBlock> parts = new ArrayList<>();
      for (KeyComponent c : shape.fixed()) {
        m.addStatement(
            "$T $N = $N($N)",
            String.class,
            KeyEncoding.part(names, c),
            GeneratedNames.textMethod(c),
            GeneratedNames.variable(c));
        parts.add(CodeBlock.of("$N", names.get(c)));
      }
      String prefix = names.newName("prefix");
      // the prefix ends with the delimiter, so that 54 never matches 540
      m.addStatement(
          "$T $N = $T.join($N, $L) + $N",
          String.class,
          prefix,
          KEY_TEXT,
          KeysMembers.DELIMITER,
          CodeBlock.join(parts, ", "),
          KeysMembers.DELIMITER);
      KeyComponent bucketed = layout.bucketed();
      if (bucketed != null) {
        // the prefix fixes the bucketed component, so it lies in one bucket
        CodeBlock bucket = KeyEncoding.bucketOf(bucketed, CodeBlock.of("$N", names.get(bucketed)));
        m.addStatement("$N = $N.text($L) + $N", prefix, KeysMembers.BUCKETS, bucket, prefix);
      }
      HashPrefixSpec hash = layout.hashPrefix();
      if (hash != null) {
        // a proper prefix is scannable only when the hash digests one component, fixed here
        CodeBlock hashed = CodeBlock.of("$N", names.get(layout.hashedComponent()));
        m.addStatement("$N = $L + $N", prefix, KeyEncoding.hashOf(hash, hashed), prefix);
      }
      return m.addStatement("return $T.textPrefix($N, $N)", KEY_RANGES, prefix, KeysMembers.COLUMNS)
          .build();
    }
    List<CodeBlock> fixed = new ArrayList<>();
    fixed.add(KeyEncoding.partitionValue(layout, entity.partitionKey()));
    for (KeyComponent c :
        shape.fixed().subList(entity.partitionKey().size(), shape.fixed().size())) {
      fixed.add(KeyEncoding.columnValue(c, layout.columnOf(c).type()));
    }
    CodeBlock list = CodeBlock.of("$T.of($L)", List.class, CodeBlock.join(fixed, ", "));
    if (shape.kind() == RangeShape.Kind.LEADING) {
      return m.addStatement("return $T.leading($L, $N)", KEY_RANGES, list, KeysMembers.COLUMNS)
          .build();
    }
    KeyComponent between = shape.between();
    TypeName t = TypeName.get(between.property().type());
    String from = names.newName("from");
    String to = names.newName("to");
    m.addParameter(ParameterSpec.builder(t, from).build());
    m.addParameter(ParameterSpec.builder(t, to).build());
    requireBounds(m, between, from, to);
    List<CodeBlock> args = new ArrayList<>();
    for (KeyComponent c : shape.fixed()) {
      args.add(CodeBlock.of("$N", GeneratedNames.variable(c)));
    }
    args.add(CodeBlock.of("$T.between($N, $N)", BOUNDS, from, to));
    return m.addStatement(
            "return $N($L)",
            GeneratedNames.rangeMethod(shape.named(), shape.withinSuffix()),
            CodeBlock.join(args, ", "))
        .build();
  }

  /**
   * {@code rangeBySensorIdAndAtWithin(sensorId, bounds)}: the leading values fixed and the next key
   * column within {@code Bounds}; a bound the column cannot hold reads as below or above every
   * value it holds ({@code KeyBounds}), never as an invalid key.
   */
  static MethodSpec rangeWithin(EntityModel entity, KeyLayout layout, RangeShape shape) {
    KeyComponent between = shape.between();
    NameAllocator names = KeyEncoding.names(shape.fixed());
    String bounds = names.newName("bounds");
    String method = GeneratedNames.rangeMethod(shape.named(), shape.withinSuffix());
    MethodSpec.Builder m =
        MethodSpec.methodBuilder(method)
            .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
            .returns(SCAN_RANGE)
            .addParameters(KeyEncoding.parameters(shape.fixed()))
            .addParameter(boundsType(between), bounds)
            .addJavadoc(
                "Rows with these leading key values ($L) and $L within {@code $L} (each side"
                    + " inclusive, exclusive or open), in key order. A bound $L cannot hold reads as"
                    + " below or above every value.\n",
                String.join(", ", shape.fixed().stream().map(KeyComponent::name).toList()),
                between.name(),
                bounds,
                between.name());
    m.addStatement("$T.requireNonNull($N, $S)", java.util.Objects.class, bounds, bounds);
    List<CodeBlock> fixed = new ArrayList<>();
    fixed.add(KeyEncoding.partitionValue(layout, entity.partitionKey()));
    for (KeyComponent c :
        shape.fixed().subList(entity.partitionKey().size(), shape.fixed().size())) {
      fixed.add(KeyEncoding.columnValue(c, layout.columnOf(c).type()));
    }
    CodeBlock list = CodeBlock.of("$T.of($L)", List.class, CodeBlock.join(fixed, ", "));
    PkType type = layout.columnOf(between).type();
    CodeBlock span;
    if (between.kind().integral()) {
      CodeBlock numbers = numbers(between, bounds);
      span =
          switch (type) {
            // a descending column stores ~v: [from, to) in values is (~to, ~from] stored
            case INTEGER ->
                between.descending()
                    ? CodeBlock.of("$L.descending()", numbers)
                    : CodeBlock.of("$L.ascending($T::ofInteger)", numbers, PK_VALUE);
            case STRING -> CodeBlock.of("$L.ascending(n -> $L)", numbers, textOfNumber(between));
            case BINARY -> throw new IllegalStateException("an integral column is never BINARY");
          };
    } else if (type == PkType.BINARY) {
      span = CodeBlock.of("$T.bytes($N)", KEY_BOUNDS, bounds);
    } else if (between.kind() == dev.widekey.processor.model.ValueKind.UUID) {
      span =
          CodeBlock.of(
              "$T.text($N.map($T::uuidText), $S, 0, $T.NO_DELIMITER)",
              KEY_BOUNDS,
              bounds,
              RuntimeNames.KEY_VALUES,
              between.name(),
              KEY_BOUNDS);
    } else {
      span =
          CodeBlock.of(
              "$T.text($L, $S, $L, $T.NO_DELIMITER)",
              KEY_BOUNDS,
              // a reversed text is stored reversed: its bounds are compared as stored
              between.reversed()
                  ? CodeBlock.of("$N.map($T::reverse)", bounds, KEY_TEXT)
                  : CodeBlock.of("$N", bounds),
              between.name(),
              between.maxLength(),
              KEY_BOUNDS);
    }
    return m.addStatement(
            "return $T.leadingThenWithin($L, $L, $N)", KEY_RANGES, list, span, KeysMembers.COLUMNS)
        .build();
  }
}
