package dev.widekey.processor.generate;

import static dev.widekey.processor.generate.RuntimeNames.KEY_ALPHABET;
import static dev.widekey.processor.generate.RuntimeNames.KEY_HASH;
import static dev.widekey.processor.generate.RuntimeNames.KEY_PARTS;
import static dev.widekey.processor.generate.RuntimeNames.KEY_RANGES;
import static dev.widekey.processor.generate.RuntimeNames.KEY_TEXT;
import static dev.widekey.processor.generate.RuntimeNames.KEY_VALUES;
import static dev.widekey.processor.generate.RuntimeNames.PADDING;
import static dev.widekey.processor.generate.RuntimeNames.PK_VALUE;
import static dev.widekey.processor.generate.RuntimeNames.PRIMARY_KEY;
import static dev.widekey.processor.generate.RuntimeNames.SCAN_RANGE;
import static dev.widekey.processor.generate.RuntimeNames.HASH_ALGORITHM;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.NameAllocator;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import dev.widekey.processor.model.ColumnLayout;
import dev.widekey.processor.model.EntityModel;
import dev.widekey.processor.model.HashPrefixSpec;
import dev.widekey.processor.model.KeyComponent;
import dev.widekey.processor.model.KeyLayout;
import dev.widekey.processor.model.ValueKind;
import dev.widekey.runtime.store.PkType;
import java.util.ArrayList;
import java.util.List;
import javax.annotation.processing.Filer;
import javax.lang.model.element.Modifier;
import javax.lang.model.util.Elements;

/**
 * Writes {@code FooKeys}: encodes an entity or bare key values into a {@code PrimaryKey},
 * decodes one back into {@code FooKeys.Key}, and builds the scan ranges the key design keeps
 * in order.
 */
public final class KeysGenerator extends SourceFileGenerator {

  public KeysGenerator(Filer filer, Elements elements) {
    super(filer, elements);
  }

  @Override
  protected ClassName name(EntityModel entity) {
    return GeneratedNames.keys(entity);
  }

  @Override
  protected TypeSpec.Builder write(EntityModel entity) {
    KeyLayout layout = KeyLayout.of(entity);
    ClassName entityName = GeneratedNames.entity(entity);
    TypeSpec.Builder type =
        TypeSpec.classBuilder(name(entity))
            .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
            .addJavadoc(
                "Primary-key codec of {@link $T}: table {@code $L}, columns $L.\n",
                entityName, entity.table(), describe(layout))
            .addField(
                FieldSpec.builder(TypeName.INT, "COLUMNS", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                    .addJavadoc("The number of primary-key columns.\n")
                    .initializer("$L", layout.columns().size())
                    .build());
    if (entity.isSpliced()) {
      type.addField(
          FieldSpec.builder(TypeName.CHAR, "DELIMITER", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
              .addJavadoc("Joins the partition-key components; sorts below all their characters.\n")
              .initializer("$L", charLiteral(entity.delimiter()))
              .build());
    }
    for (KeyComponent c : entity.keyComponents()) {
      if (c.keyChars() != null) {
        type.addField(
            FieldSpec.builder(KEY_ALPHABET, GeneratedNames.alphabetConstant(c),
                    Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .initializer("$T.parse($S)", KEY_ALPHABET, c.keyChars())
                .build());
      }
    }
    type.addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
    type.addMethod(primaryKeyOfEntity(entity, entityName));
    type.addMethod(primaryKeyOfValues(entity, layout));
    if (layout.partitionIsText()) {
      type.addMethod(partitionText(entity, layout));
    }
    type.addMethod(decode(entity, layout));
    addRangeMethods(type, entity, layout);
    for (KeyComponent c : entity.keyComponents()) {
      if (needsText(c, layout)) {
        type.addMethod(textMethod(c, entity));
      }
    }
    type.addType(keyRecord(entity));
    return type;
  }

  private static String describe(KeyLayout layout) {
    List<String> parts = new ArrayList<>();
    for (ColumnLayout c : layout.columns()) {
      parts.add("{@code " + c.name() + "} " + c.type());
    }
    return String.join(", ", parts);
  }

  private MethodSpec primaryKeyOfEntity(EntityModel entity, ClassName entityName) {
    List<CodeBlock> args = new ArrayList<>();
    for (KeyComponent c : entity.keyComponents()) {
      args.add(Accessors.read("entity", c.property()));
    }
    return MethodSpec.methodBuilder("primaryKey")
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .addJavadoc("The primary key of an entity.\n\n@throws $T if a key value breaks a rule\n",
            ClassName.get("dev.widekey.runtime.key", "InvalidKeyException"))
        .returns(PRIMARY_KEY)
        .addParameter(entityName, "entity")
        .addStatement("return primaryKey($L)", CodeBlock.join(args, ", "))
        .build();
  }

  private MethodSpec primaryKeyOfValues(EntityModel entity, KeyLayout layout) {
    MethodSpec.Builder m = MethodSpec.methodBuilder("primaryKey")
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .addJavadoc("The primary key of these key values.\n\n@throws $T if a value breaks a rule\n",
            ClassName.get("dev.widekey.runtime.key", "InvalidKeyException"))
        .returns(PRIMARY_KEY)
        .addParameters(parameters(entity.keyComponents()));
    List<CodeBlock> values = new ArrayList<>();
    values.add(partitionValue(layout, entity.partitionKey()));
    for (ColumnLayout column : layout.keyColumns()) {
      values.add(columnValue(column.single(), column.type()));
    }
    return m.addStatement("return $T.of($L)", PRIMARY_KEY, CodeBlock.join(values, ", ")).build();
  }

  /** The PkValue of the partition column from parameters named after the components. */
  private CodeBlock partitionValue(KeyLayout layout, List<KeyComponent> components) {
    if (layout.partitionIsText()) {
      List<CodeBlock> args = new ArrayList<>();
      for (KeyComponent c : components) {
        args.add(CodeBlock.of("$N", c.name()));
      }
      return CodeBlock.of("$T.ofString(partitionKey($L))", PK_VALUE, CodeBlock.join(args, ", "));
    }
    return columnValue(layout.partition().single(), layout.partition().type());
  }

  /** The PkValue of a column holding one component as itself. */
  private CodeBlock columnValue(KeyComponent c, PkType type) {
    return columnValue(c, type, c.name());
  }

  /** As {@link #columnValue(KeyComponent, PkType)}, reading the value from variable {@code n}. */
  private CodeBlock columnValue(KeyComponent c, PkType type, String n) {
    CodeBlock value = c.property().primitive() ? CodeBlock.of("$N", n)
        : CodeBlock.of("$T.requireNonNull($S, $N)", KEY_TEXT, c.name(), n);
    return switch (type) {
      case STRING -> CodeBlock.of("$T.ofString($N($N))", PK_VALUE, GeneratedNames.textMethod(c), n);
      case BINARY -> CodeBlock.of("$T.ofBinary($L)", PK_VALUE, value);
      case INTEGER -> c.kind() == ValueKind.INSTANT
          ? CodeBlock.of("$T.ofInteger($T.instantToMillis($S, $L))", PK_VALUE, KEY_VALUES, c.name(), value)
          : CodeBlock.of("$T.ofInteger($L)", PK_VALUE, value);
    };
  }

  /** {@code partitionKey(...)}: the partition column's text, spliced and hash-prefixed. */
  private MethodSpec partitionText(EntityModel entity, KeyLayout layout) {
    MethodSpec.Builder m = MethodSpec.methodBuilder("partitionKey")
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .addJavadoc("The text of partition-key column {@code $L}.\n", layout.partition().name())
        .returns(String.class)
        .addParameters(parameters(entity.partitionKey()));
    NameAllocator names = names(entity.partitionKey());
    List<CodeBlock> parts = new ArrayList<>();
    for (KeyComponent c : entity.partitionKey()) {
      m.addStatement("String $N = $N($N)", part(names, c), GeneratedNames.textMethod(c), c.name());
      parts.add(CodeBlock.of("$N", names.get(c)));
    }
    CodeBlock text = entity.isSpliced()
        ? CodeBlock.of("$T.join(DELIMITER, $L)", KEY_TEXT, CodeBlock.join(parts, ", "))
        : parts.get(0);
    HashPrefixSpec hash = entity.hashPrefix();
    if (hash == null) {
      return m.addStatement("return $L", text).build();
    }
    String textName = null;
    if (entity.isSpliced()) {
      textName = names.newName("text");
      m.addStatement("String $N = $L", textName, text);
      text = CodeBlock.of("$N", textName);
    }
    return m.addStatement("return $L + $L", hashOf(hash, hashedText(entity, names, textName)), text).build();
  }

  /**
   * The expression a hash prefix is computed over: the whole text (variable {@code textName}) or
   * one component's part (named in {@code names}, tagged by the component).
   */
  private static CodeBlock hashedText(EntityModel entity, NameAllocator names, String textName) {
    HashPrefixSpec hash = entity.hashPrefix();
    if (!entity.isSpliced()) {
      return CodeBlock.of("$N", names.get(entity.partitionKey().get(0)));
    }
    if (hash.on() == entity.type()) {
      return CodeBlock.of("$N", textName);
    }
    for (KeyComponent c : entity.partitionKey()) {
      if (c.hashPrefix() != null) {
        return CodeBlock.of("$N", names.get(c));
      }
    }
    throw new IllegalStateException("hash prefix without a component");
  }

  private static CodeBlock hashOf(HashPrefixSpec hash, CodeBlock text) {
    return CodeBlock.of("$T.prefix($T.$L, $L, $L)", KEY_HASH, HASH_ALGORITHM, hash.algorithm().name(),
        hash.length(), text);
  }

  private MethodSpec decode(EntityModel entity, KeyLayout layout) {
    ClassName key = GeneratedNames.keyRecord(entity);
    MethodSpec.Builder m = MethodSpec.methodBuilder("decode")
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .addJavadoc("Decodes a primary key written by {@link #primaryKey}.\n\n"
            + "@throws $T if the key was not written by this codec\n",
            ClassName.get("dev.widekey.runtime.key", "InvalidKeyException"))
        .returns(key)
        .addParameter(PRIMARY_KEY, "key");
    List<CodeBlock> values = new ArrayList<>();
    ColumnLayout partition = layout.partition();
    if (layout.partitionIsText()) {
      decodePartitionText(m, entity, partition);
      for (int i = 0; i < entity.partitionKey().size(); i++) {
        KeyComponent c = entity.partitionKey().get(i);
        CodeBlock text = entity.isSpliced() ? CodeBlock.of("parts[$L]", i) : CodeBlock.of("unprefixed");
        values.add(fromText(c, text));
      }
    } else {
      values.add(fromColumn(partition.single(), partition.type(), 0));
    }
    for (int i = 0; i < layout.keyColumns().size(); i++) {
      ColumnLayout column = layout.keyColumns().get(i);
      values.add(fromColumn(column.single(), column.type(), i + 1));
    }
    return m.addStatement("return new $T($L)", key, CodeBlock.join(values, ", ")).build();
  }

  private void decodePartitionText(MethodSpec.Builder m, EntityModel entity, ColumnLayout partition) {
    String column = partition.name();
    m.addStatement("String stored = key.get(0).asString()");
    HashPrefixSpec hash = entity.hashPrefix();
    boolean wholeHash = hash != null && (hash.on() == entity.type() || !entity.isSpliced());
    if (hash == null) {
      m.addStatement("String unprefixed = stored");
    } else if (wholeHash) {
      m.addStatement("String unprefixed = $T.strip($S, stored, $T.$L, $L)", KEY_HASH, column,
          HASH_ALGORITHM, hash.algorithm().name(), hash.length());
    } else {
      m.addStatement("String unprefixed = $T.afterHashPrefix($S, stored, $L)", KEY_PARTS, column,
          hash.length());
    }
    if (entity.isSpliced()) {
      m.addStatement("String[] parts = $T.split($S, unprefixed, DELIMITER, $L)", KEY_TEXT, column,
          entity.partitionKey().size());
    }
    if (hash != null && !wholeHash) {
      int index = 0;
      for (int i = 0; i < entity.partitionKey().size(); i++) {
        if (entity.partitionKey().get(i).hashPrefix() != null) {
          index = i;
        }
      }
      m.addStatement("$T.checkHashPrefix($S, stored, $T.$L, $L, parts[$L])", KEY_PARTS, column,
          HASH_ALGORITHM, hash.algorithm().name(), hash.length(), index);
    }
  }

  /** A component's value from its key text. */
  private CodeBlock fromText(KeyComponent c, CodeBlock text) {
    String n = c.name();
    CodeBlock t = c.reversed() ? CodeBlock.of("$T.reverse($L)", KEY_TEXT, text) : text;
    return switch (c.kind()) {
      case STRING -> t;
      case UUID -> CodeBlock.of("$T.parseUuid($S, $L)", KEY_VALUES, n, t);
      case ENUM -> CodeBlock.of("$T.valueOf($L)", TypeName.get(c.property().type()), t);
      default -> {
        CodeBlock number = c.padding() != null
            ? CodeBlock.of("$T.decode($S, $L, $L, $L)", PADDING, n, t, c.padding().width(), c.padding().signed())
            : CodeBlock.of("$T.parseLong($S, $L)", KEY_PARTS, n, t);
        yield fromLong(c, number);
      }
    };
  }

  /** A component's value from the column holding it as itself. */
  private CodeBlock fromColumn(KeyComponent c, PkType type, int index) {
    return switch (type) {
      case STRING -> fromText(c, CodeBlock.of("key.get($L).asString()", index));
      case BINARY -> CodeBlock.of("key.get($L).asBinary()", index);
      case INTEGER -> fromLong(c, CodeBlock.of("key.get($L).asLong()", index));
    };
  }

  private CodeBlock fromLong(KeyComponent c, CodeBlock number) {
    String n = c.name();
    return switch (c.kind()) {
      case INSTANT -> CodeBlock.of("$T.millisToInstant($L)", KEY_VALUES, number);
      case INT -> CodeBlock.of("(int) $T.narrow($S, $L, Integer.MIN_VALUE, Integer.MAX_VALUE)", KEY_PARTS, n, number);
      case SHORT -> CodeBlock.of("(short) $T.narrow($S, $L, Short.MIN_VALUE, Short.MAX_VALUE)", KEY_PARTS, n, number);
      case BYTE -> CodeBlock.of("(byte) $T.narrow($S, $L, Byte.MIN_VALUE, Byte.MAX_VALUE)", KEY_PARTS, n, number);
      default -> number;
    };
  }

  /**
   * Range methods over the leading key components, where the stored order allows them: proper
   * prefixes of a spliced partition key, the whole partition key, leading key columns, and a
   * half-open interval of the first key column within one partition-key value.
   */
  private void addRangeMethods(TypeSpec.Builder type, EntityModel entity, KeyLayout layout) {
    for (RangeShape shape : RangeShape.all(layout)) {
      type.addMethod(rangeMethod(entity, layout, shape));
    }
  }

  private MethodSpec rangeMethod(EntityModel entity, KeyLayout layout, RangeShape shape) {
    MethodSpec.Builder m = MethodSpec.methodBuilder(GeneratedNames.rangeMethod(shape.named(), shape.suffix()))
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(SCAN_RANGE)
        .addParameters(parameters(shape.fixed()));
    m.addJavadoc("$L\n", shape.javadoc());
    NameAllocator names = names(shape.fixed());
    if (shape.kind() == RangeShape.Kind.PARTITION_PREFIX) {
      List<CodeBlock> parts = new ArrayList<>();
      for (KeyComponent c : shape.fixed()) {
        m.addStatement("String $N = $N($N)", part(names, c), GeneratedNames.textMethod(c), c.name());
        parts.add(CodeBlock.of("$N", names.get(c)));
      }
      String prefix = names.newName("prefix");
      // the prefix ends with the delimiter, so that 54 never matches 540
      m.addStatement("String $N = $T.join(DELIMITER, $L) + DELIMITER", prefix, KEY_TEXT, CodeBlock.join(parts, ", "));
      HashPrefixSpec hash = entity.hashPrefix();
      if (hash != null) {
        m.addStatement("$N = $L + $N", prefix, hashOf(hash, hashedText(entity, names, null)), prefix);
      }
      return m.addStatement("return $T.textPrefix($N, COLUMNS)", KEY_RANGES, prefix).build();
    }
    List<CodeBlock> fixed = new ArrayList<>();
    fixed.add(partitionValue(layout, entity.partitionKey()));
    for (KeyComponent c : shape.fixed().subList(entity.partitionKey().size(), shape.fixed().size())) {
      fixed.add(columnValue(c, columnOf(layout, c).type()));
    }
    CodeBlock list = CodeBlock.of("$T.of($L)", List.class, CodeBlock.join(fixed, ", "));
    if (shape.kind() == RangeShape.Kind.LEADING) {
      return m.addStatement("return $T.leading($L, COLUMNS)", KEY_RANGES, list).build();
    }
    KeyComponent between = shape.between();
    PkType betweenType = columnOf(layout, between).type();
    TypeName t = TypeName.get(between.property().type());
    String from = names.newName("from");
    String to = names.newName("to");
    String fromValue = names.newName("fromValue");
    String toValue = names.newName("toValue");
    m.addParameter(ParameterSpec.builder(t, from).build());
    m.addParameter(ParameterSpec.builder(t, to).build());
    m.addStatement("$T $N = $L", PK_VALUE, fromValue, columnValue(between, betweenType, from));
    m.addStatement("$T $N = $L", PK_VALUE, toValue, columnValue(between, betweenType, to));
    return m.addStatement("return $T.leadingThenBetween($L, $N, $N, COLUMNS)", KEY_RANGES, list, fromValue, toValue)
        .build();
  }

  private static ColumnLayout columnOf(KeyLayout layout, KeyComponent c) {
    for (ColumnLayout column : layout.keyColumns()) {
      if (column.single() == c) {
        return column;
      }
    }
    throw new IllegalArgumentException(c.name() + " is not a key column");
  }

  private static boolean needsText(KeyComponent c, KeyLayout layout) {
    if (layout.partition().components().contains(c)) {
      return layout.partitionIsText() || layout.partition().type() == PkType.STRING;
    }
    return columnOf(layout, c).type() == PkType.STRING;
  }

  /** {@code fooText(value)}: one component's key text, with every check its annotations ask for. */
  private MethodSpec textMethod(KeyComponent c, EntityModel entity) {
    String n = c.name();
    MethodSpec.Builder m = MethodSpec.methodBuilder(GeneratedNames.textMethod(c))
        .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
        .returns(String.class)
        .addParameter(TypeName.get(c.property().type()), n);
    if (!c.property().primitive()) {
      m.addStatement("$T.requireNonNull($S, $N)", KEY_TEXT, n, n);
    }
    CodeBlock text;
    switch (c.kind()) {
      case STRING -> {
        m.addStatement("$T.requireWellFormed($S, $N)", KEY_TEXT, n, n);
        if (c.maxLength() > 0) {
          m.addStatement("$T.checkLength($S, $N, $L)", KEY_TEXT, n, n, c.maxLength());
        }
        if (c.keyChars() != null) {
          m.addStatement("$N.check($S, $N)", GeneratedNames.alphabetConstant(c), n, n);
        } else if (entity.isSpliced() && entity.partitionKey().contains(c)) {
          m.addStatement("$T.requireNoDelimiter($S, $N, DELIMITER)", KEY_TEXT, n, n);
        }
        text = CodeBlock.of("$N", n);
      }
      case UUID -> text = CodeBlock.of("$T.uuidText($N)", KEY_VALUES, n);
      case ENUM -> text = CodeBlock.of("$N.name()", n);
      default -> {
        CodeBlock number = c.kind() == ValueKind.INSTANT
            ? CodeBlock.of("$T.instantToMillis($S, $N)", KEY_VALUES, n, n) : CodeBlock.of("$N", n);
        text = c.padding() != null
            ? CodeBlock.of("$T.encode($S, $L, $L, $L)", PADDING, n, number, c.padding().width(), c.padding().signed())
            : CodeBlock.of("Long.toString($L)", number);
      }
    }
    if (c.reversed()) {
      text = CodeBlock.of("$T.reverse($L)", KEY_TEXT, text);
    }
    return m.addStatement("return $L", text).build();
  }

  private TypeSpec keyRecord(EntityModel entity) {
    MethodSpec.Builder constructor = MethodSpec.constructorBuilder();
    for (KeyComponent c : entity.keyComponents()) {
      constructor.addParameter(TypeName.get(c.property().type()), c.name());
    }
    return TypeSpec.recordBuilder(GeneratedNames.keyRecord(entity))
        .addModifiers(Modifier.PUBLIC)
        .addJavadoc("The key values of one $L row.\n", entity.simpleName())
        .recordConstructor(constructor.build())
        .build();
  }

  private static List<ParameterSpec> parameters(List<KeyComponent> components) {
    List<ParameterSpec> out = new ArrayList<>();
    for (KeyComponent c : components) {
      out.add(ParameterSpec.builder(TypeName.get(c.property().type()), c.name()).build());
    }
    return out;
  }

  /**
   * The names of a generated method's scope: the components' parameter names first, as they are,
   * so that locals added with {@code newName} never clash with a component called e.g. "text".
   */
  private static NameAllocator names(List<KeyComponent> parameters) {
    NameAllocator names = new NameAllocator();
    for (KeyComponent c : parameters) {
      names.newName(c.name());
    }
    return names;
  }

  /** Allocates the local holding component {@code c}'s text, tagged by the component. */
  private static String part(NameAllocator names, KeyComponent c) {
    return names.newName(c.name() + "Part", c);
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
