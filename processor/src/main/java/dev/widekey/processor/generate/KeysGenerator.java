package dev.widekey.processor.generate;

import static dev.widekey.processor.generate.RuntimeNames.INVALID_KEY_EXCEPTION;
import static dev.widekey.processor.generate.RuntimeNames.KEY_ALPHABET;
import static dev.widekey.processor.generate.RuntimeNames.KEY_BUCKETS;
import static dev.widekey.processor.generate.RuntimeNames.PRIMARY_KEY;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import dev.widekey.core.layout.KeyColumnLayout;
import dev.widekey.core.layout.TableLayout;
import dev.widekey.core.store.PkType;
import dev.widekey.processor.generate.GeneratedNames.KeysMembers;
import dev.widekey.processor.model.ColumnLayout;
import dev.widekey.processor.model.EntityModel;
import dev.widekey.processor.model.KeyComponent;
import dev.widekey.processor.model.KeyLayout;
import dev.widekey.processor.report.KeySegments;
import java.util.ArrayList;
import java.util.List;
import javax.annotation.processing.Filer;
import javax.lang.model.element.Modifier;
import javax.lang.model.util.Elements;

/**
 * Writes {@code FooKeys}: encodes an entity or bare key values into a {@code PrimaryKey}, decodes
 * one back into {@code FooKeys.Key}, and builds the scan ranges the key design keeps in order.
 */
public final class KeysGenerator extends SourceFileGenerator {

  public KeysGenerator(Filer filer, Elements elements, String generator) {
    super(filer, elements, generator);
  }

  @Override
  protected ClassName name(EntityModel entity) {
    return GeneratedNames.keys(entity);
  }

  @Override
  protected TypeSpec.Builder write(EntityModel entity, KeyLayout layout, List<TableLayout> tables) {
    TypeSpec.Builder type = write(entity, layout);
    // the stored bytes of each column, which the column types alone do not show (a hash prefix
    // glued to the value, padding, delimiters)
    StringBuilder columns = new StringBuilder("\n<p>Each key column as stored:\n<ul>\n");
    for (KeyColumnLayout column : tables.get(0).key()) {
      columns
          .append("  <li>{@code ")
          .append(column.name())
          .append("} ")
          .append(column.type())
          .append(": ")
          .append(javadocText(KeySegments.describe(column)))
          .append("\n");
    }
    columns.append(
        "</ul>\n<p>The key-layout report ({@code -Awidekey.report=true}) draws them with example"
            + " keys in store order.\n");
    return type.addJavadoc("$L", columns.toString());
  }

  /** Text safe inside a Javadoc comment: no comment end, no tag start. */
  private static String javadocText(String text) {
    return text.replace("*/", "*&#47;").replace("@", "&#64;").replace("{", "&#123;");
  }

  @Override
  protected TypeSpec.Builder write(EntityModel entity, KeyLayout layout) {
    ClassName entityName = GeneratedNames.entity(entity);
    TypeSpec.Builder type =
        TypeSpec.classBuilder(name(entity))
            .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
            .addJavadoc(
                "Primary-key codec of {@link $T}: table {@code $L}, columns $L.\n",
                entityName,
                entity.table(),
                describe(layout))
            .addField(
                FieldSpec.builder(
                        TypeName.INT,
                        KeysMembers.COLUMNS,
                        Modifier.PUBLIC,
                        Modifier.STATIC,
                        Modifier.FINAL)
                    .addJavadoc("The number of primary-key columns.\n")
                    .initializer("$L", layout.columns().size())
                    .build());
    if (entity.isSpliced()) {
      type.addField(
          FieldSpec.builder(
                  TypeName.CHAR,
                  KeysMembers.DELIMITER,
                  Modifier.PUBLIC,
                  Modifier.STATIC,
                  Modifier.FINAL)
              .addJavadoc("Joins the partition-key components; sorts below all their characters.\n")
              .initializer("$L", KeyEncoding.charLiteral(entity.delimiter()))
              .build());
    }
    if (layout.bucketed() != null) {
      type.addField(
          FieldSpec.builder(
                  KEY_BUCKETS,
                  KeysMembers.BUCKETS,
                  Modifier.PUBLIC,
                  Modifier.STATIC,
                  Modifier.FINAL)
              .addJavadoc(
                  "The $L buckets of {@code $L}: its bucket leads partition column {@code $L}.\n",
                  layout.buckets(),
                  layout.bucketed().name(),
                  layout.partition().name())
              .initializer(
                  layout.bucketed().padding() == null
                      ? CodeBlock.of("new $T($L)", KEY_BUCKETS, layout.buckets())
                      : CodeBlock.of(
                          "new $T($L).withPaddedNumber($L, $L)",
                          KEY_BUCKETS,
                          layout.buckets(),
                          layout.bucketed().padding().width(),
                          layout.bucketed().padding().signed()))
              .build());
    }
    for (KeyComponent c : entity.keyComponents()) {
      if (c.keyChars() != null) {
        type.addField(
            FieldSpec.builder(
                    KEY_ALPHABET,
                    GeneratedNames.alphabetConstant(entity, c),
                    Modifier.PRIVATE,
                    Modifier.STATIC,
                    Modifier.FINAL)
                .initializer("$T.parse($S)", KEY_ALPHABET, c.keyChars())
                .build());
      }
    }
    type.addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
    type.addMethod(primaryKeyOfEntity(entity, entityName));
    type.addMethod(primaryKeyOfValues(entity, layout));
    if (layout.partitionIsText()) {
      type.addMethod(KeyEncoding.partitionText(entity, layout));
    }
    type.addMethod(KeyDecoding.decode(entity, layout));
    RangeMethods.addRangeMethods(type, entity, layout);
    for (KeyComponent c : entity.keyComponents()) {
      if (needsText(c, layout)) {
        type.addMethod(KeyEncoding.textMethod(c, entity));
      }
    }
    type.addType(keyRecord(entity));
    IndexMembers.addKeysTypes(type, entity);
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
    return MethodSpec.methodBuilder(KeysMembers.PRIMARY_KEY)
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .addJavadoc(
            "The primary key of an entity.\n\n@throws $T if a key value breaks a rule\n",
            INVALID_KEY_EXCEPTION)
        .returns(PRIMARY_KEY)
        .addParameter(entityName, "entity")
        .addStatement("return $N($L)", KeysMembers.PRIMARY_KEY, CodeBlock.join(args, ", "))
        .build();
  }

  private MethodSpec primaryKeyOfValues(EntityModel entity, KeyLayout layout) {
    MethodSpec.Builder m =
        MethodSpec.methodBuilder(KeysMembers.PRIMARY_KEY)
            .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
            .addJavadoc(
                "The primary key of these key values.\n\n@throws $T if a value breaks a rule\n",
                INVALID_KEY_EXCEPTION)
            .returns(PRIMARY_KEY)
            .addParameters(KeyEncoding.parameters(entity.keyComponents()));
    List<CodeBlock> values = new ArrayList<>();
    values.add(KeyEncoding.partitionValue(layout, entity.partitionKey()));
    for (ColumnLayout column : layout.keyColumns()) {
      values.add(KeyEncoding.columnValue(column.single(), column.type()));
    }
    return m.addStatement("return $T.of($L)", PRIMARY_KEY, CodeBlock.join(values, ", ")).build();
  }

  /** Whether the component is written as text, by its own {@code fooText(...)} method. */
  private static boolean needsText(KeyComponent c, KeyLayout layout) {
    return layout.columnOf(c).type() == PkType.STRING;
  }

  private TypeSpec keyRecord(EntityModel entity) {
    MethodSpec.Builder constructor = MethodSpec.constructorBuilder();
    for (KeyComponent c : entity.keyComponents()) {
      constructor.addParameter(
          TypeName.get(c.property().type()), GeneratedNames.keyRecordComponent(entity, c));
    }
    return TypeSpec.recordBuilder(GeneratedNames.keyRecord(entity))
        .addModifiers(Modifier.PUBLIC)
        .addJavadoc("The key values of one $L row.\n", entity.simpleName())
        .recordConstructor(constructor.build())
        .build();
  }
}
