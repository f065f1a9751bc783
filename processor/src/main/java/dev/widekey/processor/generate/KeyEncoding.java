package dev.widekey.processor.generate;

import static dev.widekey.processor.generate.RuntimeNames.HASH_ALGORITHM;
import static dev.widekey.processor.generate.RuntimeNames.KEY_HASH;
import static dev.widekey.processor.generate.RuntimeNames.KEY_TEXT;
import static dev.widekey.processor.generate.RuntimeNames.KEY_VALUES;
import static dev.widekey.processor.generate.RuntimeNames.PADDING;
import static dev.widekey.processor.generate.RuntimeNames.PK_VALUE;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.NameAllocator;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.TypeName;
import dev.widekey.annotations.Profile;
import dev.widekey.core.store.PkType;
import dev.widekey.processor.generate.GeneratedNames.KeysMembers;
import dev.widekey.processor.model.EntityModel;
import dev.widekey.processor.model.HashPrefixSpec;
import dev.widekey.processor.model.KeyComponent;
import dev.widekey.processor.model.KeyLayout;
import dev.widekey.processor.model.ValueKind;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * The encoding half of {@code FooKeys}: code that turns key values into primary-key column values,
 * the {@code partitionKey(...)} method and the per-component {@code fooText(...)} methods with
 * every check the component's annotations ask for.
 */
final class KeyEncoding {
  private KeyEncoding() {}

  /** The PkValue of the partition column from parameters named after the components. */
  static CodeBlock partitionValue(KeyLayout layout, List<KeyComponent> components) {
    if (layout.partitionIsText()) {
      List<CodeBlock> args = new ArrayList<>();
      for (KeyComponent c : components) {
        args.add(CodeBlock.of("$N", GeneratedNames.variable(c)));
      }
      return CodeBlock.of(
          "$T.ofString($N($L))", PK_VALUE, KeysMembers.PARTITION_KEY, CodeBlock.join(args, ", "));
    }
    return columnValue(layout.partition().single(), layout.partition().type());
  }

  /** The PkValue of a column holding one component as itself. */
  static CodeBlock columnValue(KeyComponent c, PkType type) {
    return columnValue(c, type, GeneratedNames.variable(c));
  }

  /** As {@link #columnValue(KeyComponent, PkType)}, reading the value from variable {@code n}. */
  static CodeBlock columnValue(KeyComponent c, PkType type, String n) {
    CodeBlock value =
        c.property().primitive()
            ? CodeBlock.of("$N", n)
            : CodeBlock.of("$T.requireNonNull($S, $N)", KEY_TEXT, c.name(), n);
    return switch (type) {
      case STRING -> CodeBlock.of("$T.ofString($N($N))", PK_VALUE, GeneratedNames.textMethod(c), n);
      case BINARY -> CodeBlock.of("$T.ofBinary($L)", PK_VALUE, value);
      case INTEGER -> {
        CodeBlock number = number(c, value);
        // a descending column keeps the complement, which reverses the order exactly (WK113)
        yield c.descending()
            ? CodeBlock.of("$T.ofInteger(~$L)", PK_VALUE, number)
            : CodeBlock.of("$T.ofInteger($L)", PK_VALUE, number);
      }
    };
  }

  /**
   * The long a value of an integral kind is stored as: itself, or a time's epoch milliseconds
   * (epoch day for a LocalDate), checked by {@code KeyValues} (nothing finer than a millisecond,
   * nothing out of range); a {@code @TruncatedToMillis} time is truncated to whole milliseconds
   * first.
   */
  static CodeBlock number(KeyComponent c, CodeBlock value) {
    String method =
        switch (c.kind()) {
          case INSTANT -> "instantToMillis";
          case LOCAL_DATE -> "localDateToEpochDay";
          case LOCAL_DATE_TIME -> "localDateTimeToMillis";
          case OFFSET_DATE_TIME -> "offsetDateTimeToMillis";
          case ZONED_DATE_TIME -> "zonedDateTimeToMillis";
          default -> null;
        };
    if (method != null && c.truncated()) {
      // @TruncatedToMillis: whole milliseconds kept, a finer part dropped instead of refused
      value = CodeBlock.of("$T.truncatedToMillis($L)", KEY_VALUES, value);
    }
    return method == null
        ? value
        : CodeBlock.of("$T.$N($S, $L)", KEY_VALUES, method, c.name(), value);
  }

  /**
   * Statements that make the bounds {@code from} and {@code to} of a range over {@code c} whole
   * milliseconds where {@code c} is a time kept as epoch milliseconds ({@code
   * KeyValues.rangeBound}: the next millisecond, which bounds the same keys), so that a bound such
   * as {@code Instant.now()} is not refused as a key finer than a millisecond.
   */
  static void rangeBounds(MethodSpec.Builder m, KeyComponent c, String from, String to) {
    if (c.kind().millis()) {
      m.addStatement("$N = $T.rangeBound($N)", from, KEY_VALUES, from);
      m.addStatement("$N = $T.rangeBound($N)", to, KEY_VALUES, to);
    }
  }

  /** {@code partitionKey(...)}: the partition column's text, spliced and hash-prefixed. */
  static MethodSpec partitionText(EntityModel entity, KeyLayout layout) {
    MethodSpec.Builder m =
        MethodSpec.methodBuilder(KeysMembers.PARTITION_KEY)
            .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
            .addJavadoc("The text of partition-key column {@code $L}.\n", layout.partition().name())
            .returns(String.class)
            .addParameters(parameters(entity.partitionKey()));
    NameAllocator names = names(entity.partitionKey());
    List<CodeBlock> parts = new ArrayList<>();
    for (KeyComponent c : entity.partitionKey()) {
      if (digitsWrittenInPlace(c, layout)) {
        // the zeros, then the number itself: concatenation writes its digits into the key
        m.addStatement(
            "$T $N = $T.zeros($S, $N, $L)",
            String.class,
            names.newName(variable(c) + "Zeros", c),
            PADDING,
            c.name(),
            variable(c),
            c.padding().width());
        parts.add(CodeBlock.of("$N + $N", names.get(c), variable(c)));
        continue;
      }
      m.addStatement(
          "$T $N = $N($N)",
          String.class,
          part(names, c),
          GeneratedNames.textMethod(c),
          variable(c));
      parts.add(CodeBlock.of("$N", names.get(c)));
    }
    // spliced by string concatenation: javac sizes and writes the result once, no varargs array
    CodeBlock text =
        entity.isSpliced()
            ? CodeBlock.join(parts, CodeBlock.of(" + $N + ", KeysMembers.DELIMITER).toString())
            : parts.get(0);
    if (layout.bucketed() != null) {
      KeyComponent bucketed = layout.bucketed();
      return m.addStatement(
              "return $N.text($L) + $L",
              KeysMembers.BUCKETS,
              bucketOf(bucketed, CodeBlock.of("$N", names.get(bucketed))),
              text)
          .build();
    }
    HashPrefixSpec hash = layout.hashPrefix();
    if (hash == null) {
      return m.addStatement("return $L", text).build();
    }
    if (entity.isSpliced()) {
      String textName = names.newName("text");
      m.addStatement("$T $N = $L", String.class, textName, text);
      text = CodeBlock.of("$N", textName);
    }
    if (layout.hashesWholeText()) {
      return m.addStatement(
              "return $T.prefixed($T.$L, $L, $L)",
              KEY_HASH,
              HASH_ALGORITHM,
              hash.algorithm().name(),
              hash.length(),
              text)
          .build();
    }
    CodeBlock hashed = CodeBlock.of("$N", names.get(layout.hashedComponent()));
    return m.addStatement("return $L + $L", hashOf(hash, hashed), text).build();
  }

  /**
   * Whether {@code partitionKey(...)} writes component {@code c} as its padding zeros followed by
   * the number itself, with no text of its own: an unsigned {@code @Padded} primitive integer kept
   * as it is (not a time, not reversed) whose text nothing else needs (the one hashed component's
   * text is digested on its own).
   */
  private static boolean digitsWrittenInPlace(KeyComponent c, KeyLayout layout) {
    return c.padding() != null
        && !c.padding().signed()
        && !c.reversed()
        && c.property().primitive()
        && switch (c.kind()) {
          case LONG, INT, SHORT, BYTE -> true;
          default -> false;
        }
        && c != layout.hashedComponent();
  }

  /**
   * The bucket of the bucketed component held by the variable named after it, whose key text is
   * {@code text}: its value mod N for a number (a time's epoch milliseconds or days), else a digest
   * of its text mod N.
   */
  static CodeBlock bucketOf(KeyComponent c, CodeBlock text) {
    if (c.kind().integral()) {
      // a time value is bucketed by the number it is stored as (epoch milliseconds or days)
      CodeBlock number = number(c, CodeBlock.of("$N", GeneratedNames.variable(c)));
      return CodeBlock.of("$N.ofNumber($L)", KeysMembers.BUCKETS, number);
    }
    return CodeBlock.of("$N.ofText($L)", KeysMembers.BUCKETS, text);
  }

  static CodeBlock hashOf(HashPrefixSpec hash, CodeBlock text) {
    return CodeBlock.of(
        "$T.prefix($T.$L, $L, $L)",
        KEY_HASH,
        HASH_ALGORITHM,
        hash.algorithm().name(),
        hash.length(),
        text);
  }

  /** {@code fooText(value)}: one component's key text, with every check its annotations ask for. */
  static MethodSpec textMethod(KeyComponent c, EntityModel entity) {
    String n = GeneratedNames.variable(c);
    String field = c.name();
    MethodSpec.Builder m =
        MethodSpec.methodBuilder(GeneratedNames.textMethod(c))
            .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
            .returns(String.class)
            .addParameter(TypeName.get(c.property().type()), n);
    if (c.kind() == ValueKind.STRING && c.keyChars() != null) {
      // null, well-formed, length and alphabet in one pass for the common (ASCII) value
      CodeBlock checked =
          CodeBlock.of(
              "$T.checkText($S, $N, $L, $N, $T.$L)",
              KEY_TEXT,
              field,
              n,
              c.maxLength() > 0 ? c.maxLength() : -1,
              GeneratedNames.alphabetConstant(entity, c),
              Profile.class,
              entity.profile());
      return m.addStatement(
              "return $L",
              c.reversed() ? CodeBlock.of("$T.reverse($L)", KEY_TEXT, checked) : checked)
          .build();
    }
    if (!c.property().primitive()) {
      m.addStatement("$T.requireNonNull($S, $N)", KEY_TEXT, field, n);
    }
    CodeBlock text;
    switch (c.kind()) {
      case STRING -> {
        m.addStatement("$T.requireWellFormed($S, $N)", KEY_TEXT, field, n);
        if (c.maxLength() > 0) {
          m.addStatement(
              "$T.checkLength($S, $N, $L, $T.$L)",
              KEY_TEXT,
              field,
              n,
              c.maxLength(),
              Profile.class,
              entity.profile());
        }
        if (c.keyChars() != null) {
          m.addStatement("$N.check($S, $N)", GeneratedNames.alphabetConstant(entity, c), field, n);
        } else if (entity.isSpliced() && entity.partitionKey().contains(c)) {
          m.addStatement(
              "$T.requireNoDelimiter($S, $N, $N)", KEY_TEXT, field, n, KeysMembers.DELIMITER);
        }
        text = CodeBlock.of("$N", n);
      }
      case UUID -> text = CodeBlock.of("$T.uuidText($N)", KEY_VALUES, n);
      case ENUM -> text = CodeBlock.of("$N.name()", n);
      default -> {
        CodeBlock number = number(c, CodeBlock.of("$N", n));
        text =
            c.padding() != null
                ? CodeBlock.of(
                    "$T.encode($S, $L, $L, $L)",
                    PADDING,
                    field,
                    number,
                    c.padding().width(),
                    c.padding().signed())
                : CodeBlock.of("$T.toString($L)", Long.class, number);
      }
    }
    if (c.reversed()) {
      text = CodeBlock.of("$T.reverse($L)", KEY_TEXT, text);
    }
    return m.addStatement("return $L", text).build();
  }

  static List<ParameterSpec> parameters(List<KeyComponent> components) {
    List<ParameterSpec> out = new ArrayList<>();
    for (KeyComponent c : components) {
      out.add(
          ParameterSpec.builder(TypeName.get(c.property().type()), GeneratedNames.variable(c))
              .build());
    }
    return out;
  }

  /**
   * The names of a generated method's scope: the components' parameter names first, as they are, so
   * that locals added with {@code newName} never clash with a component called e.g. "text".
   */
  static NameAllocator names(List<KeyComponent> parameters) {
    NameAllocator names = new NameAllocator();
    for (KeyComponent c : parameters) {
      names.newName(GeneratedNames.variable(c));
    }
    return names;
  }

  /** Allocates the local holding component {@code c}'s text, tagged by the component. */
  static String part(NameAllocator names, KeyComponent c) {
    return names.newName(GeneratedNames.variable(c) + "Part", c);
  }

  private static String variable(KeyComponent c) {
    return GeneratedNames.variable(c);
  }

  static String charLiteral(char c) {
    if (c == '\'' || c == '\\') {
      return "'\\" + c + "'";
    }
    if (c < 0x20 || c > 0x7e) {
      return String.format("'\\u%04x'", (int) c);
    }
    return "'" + c + "'";
  }
}
