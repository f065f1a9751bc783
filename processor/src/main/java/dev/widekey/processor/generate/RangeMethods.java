package dev.widekey.processor.generate;

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
import dev.widekey.processor.generate.GeneratedNames.KeysMembers;
import dev.widekey.processor.model.EntityModel;
import dev.widekey.processor.model.HashPrefixSpec;
import dev.widekey.processor.model.KeyComponent;
import dev.widekey.processor.model.KeyLayout;
import dev.widekey.runtime.store.PkType;
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
    KeyEncoding.rangeBounds(m, c, "from", "to");
    return m.addStatement(
            "return $N.between($N(from), $N(to), $N)",
            KeysMembers.BUCKETS,
            GeneratedNames.textMethod(c),
            GeneratedNames.textMethod(c),
            KeysMembers.COLUMNS)
        .build();
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
    PkType betweenType = layout.columnOf(between).type();
    TypeName t = TypeName.get(between.property().type());
    String from = names.newName("from");
    String to = names.newName("to");
    String fromValue = names.newName("fromValue");
    String toValue = names.newName("toValue");
    m.addParameter(ParameterSpec.builder(t, from).build());
    m.addParameter(ParameterSpec.builder(t, to).build());
    KeyEncoding.rangeBounds(m, between, from, to);
    m.addStatement(
        "$T $N = $L", PK_VALUE, fromValue, KeyEncoding.columnValue(between, betweenType, from));
    m.addStatement(
        "$T $N = $L", PK_VALUE, toValue, KeyEncoding.columnValue(between, betweenType, to));
    return m.addStatement(
            // a descending column stores ~v: [from, to) in values is (~to, ~from] stored
            between.descending()
                ? "return $T.leadingThenBetweenDescending($L, $N, $N, $N)"
                : "return $T.leadingThenBetween($L, $N, $N, $N)",
            KEY_RANGES,
            list,
            fromValue,
            toValue,
            KeysMembers.COLUMNS)
        .build();
  }
}
