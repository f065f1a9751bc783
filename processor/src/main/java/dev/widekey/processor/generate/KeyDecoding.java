package dev.widekey.processor.generate;

import static dev.widekey.processor.generate.RuntimeNames.HASH_ALGORITHM;
import static dev.widekey.processor.generate.RuntimeNames.INVALID_KEY_EXCEPTION;
import static dev.widekey.processor.generate.RuntimeNames.KEY_HASH;
import static dev.widekey.processor.generate.RuntimeNames.KEY_PARTS;
import static dev.widekey.processor.generate.RuntimeNames.KEY_TEXT;
import static dev.widekey.processor.generate.RuntimeNames.KEY_VALUES;
import static dev.widekey.processor.generate.RuntimeNames.PADDING;
import static dev.widekey.processor.generate.RuntimeNames.PRIMARY_KEY;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import dev.widekey.core.store.PkType;
import dev.widekey.processor.generate.GeneratedNames.KeysMembers;
import dev.widekey.processor.generate.GeneratedNames.TableMembers;
import dev.widekey.processor.model.ColumnLayout;
import dev.widekey.processor.model.EntityModel;
import dev.widekey.processor.model.HashPrefixSpec;
import dev.widekey.processor.model.KeyComponent;
import dev.widekey.processor.model.KeyLayout;
import dev.widekey.processor.model.ValueKind;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * {@code FooKeys.decode(PrimaryKey)}: splits a stored key back into its components, checking the
 * hash prefix and narrowing numbers to their field types. Decoding is canonical: the key's shape is
 * checked before it is read, and the decoded values must encode back to exactly the stored key, so
 * a key the codec never wrote (a forged {@code "+5"}, a seller id with a NUL) is a typed {@code
 * InvalidKeyException}, never a second entity behind another's key.
 */
final class KeyDecoding {
  private KeyDecoding() {}

  static MethodSpec decode(EntityModel entity, KeyLayout layout) {
    ClassName key = GeneratedNames.keyRecord(entity);
    MethodSpec.Builder m =
        MethodSpec.methodBuilder(KeysMembers.DECODE)
            .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
            .addJavadoc(
                "Decodes a primary key written by {@link #$L}.\n\n"
                    + "@throws $T if the key was not written by this codec\n",
                KeysMembers.PRIMARY_KEY,
                INVALID_KEY_EXCEPTION)
            .returns(key)
            .addParameter(PRIMARY_KEY, "key");
    ClassName table = GeneratedNames.table(entity);
    m.addStatement("$T.requireShape(key, $T.$L)", KEY_PARTS, table, TableMembers.PRIMARY_KEY);
    List<CodeBlock> values = new ArrayList<>();
    ColumnLayout partition = layout.partition();
    if (layout.partitionIsText()) {
      String text = decodePartitionText(m, entity, layout);
      for (int i = 0; i < entity.partitionKey().size(); i++) {
        KeyComponent c = entity.partitionKey().get(i);
        if (!entity.isSpliced()) {
          values.add(fromText(c, CodeBlock.of("$N", text)));
        } else if (c.padding() != null && !c.reversed()) {
          // parsed in place: no substring of the digits
          values.add(
              fromLong(
                  c,
                  CodeBlock.of(
                      "$T.decode($S, $N, $L, $L, $L, $L)",
                      PADDING,
                      c.name(),
                      text,
                      partStart(i),
                      partEnd(entity, text, i),
                      c.padding().width(),
                      c.padding().signed())));
        } else {
          values.add(fromText(c, part(entity, text, i)));
        }
      }
    } else {
      values.add(fromColumn(partition.single(), partition.type(), 0));
    }
    for (int i = 0; i < layout.keyColumns().size(); i++) {
      ColumnLayout column = layout.keyColumns().get(i);
      values.add(fromColumn(column.single(), column.type(), i + 1));
    }
    m.addStatement("$T decoded = new $T($L)", key, key, CodeBlock.join(values, ", "));
    if (decodesCanonically(entity, layout)) {
      // every component's text is the only one its value encodes to: the checks it would meet on
      // encode prove the key canonical, without encoding it again
      List<KeyComponent> checked = new ArrayList<>();
      for (KeyComponent c : entity.keyComponents()) {
        if (c.kind() == ValueKind.STRING) {
          checked.add(c);
        }
      }
      if (!checked.isEmpty()) {
        m.beginControlFlow("try");
        for (KeyComponent c : checked) {
          m.addStatement(
              "$N(decoded.$N())",
              GeneratedNames.textMethod(c),
              GeneratedNames.keyRecordComponent(entity, c));
        }
        m.nextControlFlow("catch ($T e)", INVALID_KEY_EXCEPTION);
        m.addStatement("throw $T.notEncodable(key, e)", KEY_PARTS);
        m.endControlFlow();
      }
      return m.addStatement("return decoded").build();
    }
    List<CodeBlock> again = new ArrayList<>();
    for (KeyComponent c : entity.keyComponents()) {
      again.add(CodeBlock.of("decoded.$N()", GeneratedNames.keyRecordComponent(entity, c)));
    }
    m.addStatement(
        "$T.requireCanonical($T.$L, key, () -> $N($L))",
        KEY_PARTS,
        table,
        TableMembers.PRIMARY_KEY,
        KeysMembers.PRIMARY_KEY,
        CodeBlock.join(again, ", "));
    return m.addStatement("return decoded").build();
  }

  /**
   * Whether decoding alone proves a key canonical once each String component passes its encoding
   * checks: no bucket (it is checked by encoding again), and every component decoded by an exact
   * inverse of its encoding (a String as itself, reversed or not; an integral number from padded
   * digits or canonical decimal text, or from an INTEGER column, narrowed to its type). The split
   * into exactly as many parts as components, and a hash prefix checked against its text, leave no
   * other text that decodes to the same values.
   */
  static boolean decodesCanonically(EntityModel entity, KeyLayout layout) {
    if (layout.bucketed() != null) {
      return false;
    }
    List<KeyComponent> inColumns = new ArrayList<>();
    if (!layout.partitionIsText()) {
      inColumns.add(layout.partition().single());
    }
    for (ColumnLayout column : layout.keyColumns()) {
      inColumns.add(column.single());
    }
    for (KeyComponent c : entity.keyComponents()) {
      boolean inColumn = inColumns.contains(c);
      ValueKind kind = c.kind();
      boolean plainNumber =
          kind == ValueKind.LONG
              || kind == ValueKind.INT
              || kind == ValueKind.SHORT
              || kind == ValueKind.BYTE;
      if (kind == ValueKind.STRING) {
        continue;
      }
      if (!plainNumber || (inColumn && c.reversed())) {
        return false;
      }
    }
    for (int i = 0; i < layout.keyColumns().size(); i++) {
      ColumnLayout column = layout.keyColumns().get(i);
      boolean number = column.single().kind() != ValueKind.STRING;
      if (number != (column.type() == PkType.INTEGER)) {
        return false;
      }
    }
    return layout.partitionIsText()
        || (layout.partition().single().kind() == ValueKind.STRING)
            == (layout.partition().type() == PkType.STRING);
  }

  /** Declares the partition column's text without its hash prefix; returns that local's name. */
  static String decodePartitionText(MethodSpec.Builder m, EntityModel entity, KeyLayout layout) {
    String column = layout.partition().name();
    m.addStatement("$T stored = key.get(0).asString()", String.class);
    HashPrefixSpec hash = layout.hashPrefix();
    String text = hash == null && layout.bucketed() == null ? "stored" : "unprefixed";
    if (layout.bucketed() != null) {
      // the bucket is checked against the values by the canonical re-encoding (WK112)
      m.addStatement(
          "$T unprefixed = $N.strip($S, stored)", String.class, KeysMembers.BUCKETS, column);
    }
    if (layout.hashesWholeText()) {
      m.addStatement(
          "$T unprefixed = $T.strip($S, stored, $T.$L, $L)",
          String.class,
          KEY_HASH,
          column,
          HASH_ALGORITHM,
          hash.algorithm().name(),
          hash.length());
    } else if (hash != null) {
      m.addStatement(
          "$T unprefixed = $T.afterHashPrefix($S, stored, $L)",
          String.class,
          KEY_PARTS,
          column,
          hash.length());
    }
    if (entity.isSpliced()) {
      // cut0 .. cutN-2: the delimiters' indices; each part is read in place between two of them
      int parts = entity.partitionKey().size();
      for (int i = 0; i < parts - 1; i++) {
        m.addStatement(
            "int cut$L = $T.cut($S, $N, $N, $L, $L)",
            i,
            KEY_TEXT,
            column,
            text,
            KeysMembers.DELIMITER,
            partStart(i),
            parts);
      }
      m.addStatement(
          "$T.requireLastPart($S, $N, $N, $L, $L)",
          KEY_TEXT,
          column,
          text,
          KeysMembers.DELIMITER,
          partStart(parts - 1),
          parts);
    }
    if (layout.hashedComponent() != null) {
      int index = entity.partitionKey().indexOf(layout.hashedComponent());
      m.addStatement(
          "$T.checkHashPrefix($S, stored, $T.$L, $L, $L)",
          KEY_PARTS,
          column,
          HASH_ALGORITHM,
          hash.algorithm().name(),
          hash.length(),
          part(entity, text, index));
    }
    return text;
  }

  /** Where spliced part {@code i} starts: after the delimiter that ends part {@code i - 1}. */
  private static CodeBlock partStart(int i) {
    return i == 0 ? CodeBlock.of("0") : CodeBlock.of("cut$L + 1", i - 1);
  }

  /** Where spliced part {@code i} of the text in local {@code text} ends. */
  private static CodeBlock partEnd(EntityModel entity, String text, int i) {
    return i == entity.partitionKey().size() - 1
        ? CodeBlock.of("$N.length()", text)
        : CodeBlock.of("cut$L", i);
  }

  /** Spliced part {@code i} of the text in local {@code text}, as a string. */
  private static CodeBlock part(EntityModel entity, String text, int i) {
    return i == entity.partitionKey().size() - 1
        ? CodeBlock.of("$N.substring($L)", text, partStart(i))
        : CodeBlock.of("$N.substring($L, cut$L)", text, partStart(i), i);
  }

  /** A component's value from its key text. */
  static CodeBlock fromText(KeyComponent c, CodeBlock text) {
    String n = c.name();
    // a forged stored text with an unpaired surrogate is refused typed (WK105), not reversed
    CodeBlock t =
        c.reversed()
            ? CodeBlock.of(
                "$T.reverse($T.requireWellFormed($S, $L))", KEY_TEXT, KEY_TEXT, c.name(), text)
            : text;
    return switch (c.kind()) {
      case STRING -> t;
      case UUID -> CodeBlock.of("$T.parseUuid($S, $L)", KEY_VALUES, n, t);
      case ENUM ->
          CodeBlock.of(
              "$T.parseEnum($S, $L, $T.class)", KEY_PARTS, n, t, TypeName.get(c.property().type()));
      default -> {
        CodeBlock number =
            c.padding() != null
                ? CodeBlock.of(
                    "$T.decode($S, $L, $L, $L)",
                    PADDING,
                    n,
                    t,
                    c.padding().width(),
                    c.padding().signed())
                : CodeBlock.of("$T.parseLong($S, $L)", KEY_PARTS, n, t);
        yield fromLong(c, number);
      }
    };
  }

  /** A component's value from the column holding it as itself. */
  static CodeBlock fromColumn(KeyComponent c, PkType type, int index) {
    return switch (type) {
      case STRING -> fromText(c, CodeBlock.of("key.get($L).asString()", index));
      case BINARY -> CodeBlock.of("key.get($L).asBinary()", index);
      case INTEGER ->
          fromLong(
              c,
              c.descending()
                  ? CodeBlock.of("~key.get($L).asLong()", index)
                  : CodeBlock.of("key.get($L).asLong()", index));
    };
  }

  static CodeBlock fromLong(KeyComponent c, CodeBlock number) {
    String n = c.name();
    return switch (c.kind()) {
      case INSTANT -> CodeBlock.of("$T.millisToInstant($L)", KEY_VALUES, number);
      case LOCAL_DATE -> CodeBlock.of("$T.epochDayToLocalDate($S, $L)", KEY_VALUES, n, number);
      case LOCAL_DATE_TIME -> CodeBlock.of("$T.millisToLocalDateTime($L)", KEY_VALUES, number);
      case OFFSET_DATE_TIME -> CodeBlock.of("$T.millisToOffsetDateTime($L)", KEY_VALUES, number);
      case ZONED_DATE_TIME -> CodeBlock.of("$T.millisToZonedDateTime($L)", KEY_VALUES, number);
      case INT ->
          CodeBlock.of(
              "(int) $T.narrow($S, $L, $T.MIN_VALUE, $T.MAX_VALUE)",
              KEY_PARTS,
              n,
              number,
              Integer.class,
              Integer.class);
      case SHORT ->
          CodeBlock.of(
              "(short) $T.narrow($S, $L, $T.MIN_VALUE, $T.MAX_VALUE)",
              KEY_PARTS,
              n,
              number,
              Short.class,
              Short.class);
      case BYTE ->
          CodeBlock.of(
              "(byte) $T.narrow($S, $L, $T.MIN_VALUE, $T.MAX_VALUE)",
              KEY_PARTS,
              n,
              number,
              Byte.class,
              Byte.class);
      default -> number;
    };
  }
}
