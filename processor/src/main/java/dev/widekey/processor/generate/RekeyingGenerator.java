package dev.widekey.processor.generate;

import static dev.widekey.processor.generate.RuntimeNames.ATTR_VALUE;
import static dev.widekey.processor.generate.RuntimeNames.ENTITY_TABLES;
import static dev.widekey.processor.generate.RuntimeNames.KEY_PARTS;
import static dev.widekey.processor.generate.RuntimeNames.KEY_TEXT;
import static dev.widekey.processor.generate.RuntimeNames.LAYOUT_KEY_CODEC;
import static dev.widekey.processor.generate.RuntimeNames.LAYOUT_TABLES;
import static dev.widekey.processor.generate.RuntimeNames.LAYOUT_TEXT;
import static dev.widekey.processor.generate.RuntimeNames.PRIMARY_KEY;
import static dev.widekey.processor.generate.RuntimeNames.REKEY_JOB;
import static dev.widekey.processor.generate.RuntimeNames.ROW;
import static dev.widekey.processor.generate.RuntimeNames.SPLIT_TABLE_REPOSITORY;
import static dev.widekey.processor.generate.RuntimeNames.STORE;
import static dev.widekey.processor.generate.RuntimeNames.TABLE_LAYOUT;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import dev.widekey.annotations.RenamedFrom;
import dev.widekey.core.layout.LayoutText;
import dev.widekey.core.layout.TableLayout;
import dev.widekey.processor.layout.RekeySource;
import dev.widekey.processor.model.Attribute;
import dev.widekey.processor.model.EntityModel;
import dev.widekey.processor.model.KeyComponent;
import dev.widekey.processor.model.KeyLayout;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import javax.annotation.processing.Filer;
import javax.lang.model.element.Modifier;
import javax.lang.model.util.Elements;

/**
 * Writes {@code FooRekeying} for an entity declaring {@code @RekeyedFrom}: the old tables'
 * committed layouts as constants, a decoder of the old keys into the entity's key values, a
 * read-only repository over the old tables, and the factory of the job that moves every row to the
 * entity's current tables ({@code RekeyJob}).
 */
public final class RekeyingGenerator extends SourceFileGenerator {
  static final String OLD_REPOSITORY = "OldLayoutRepository";

  public RekeyingGenerator(Filer filer, Elements elements, String generator) {
    super(filer, elements, generator);
  }

  /** Writes the entity's {@code FooRekeying} from the old tables' layouts. */
  public void generate(EntityModel entity, KeyLayout layout, RekeySource source)
      throws IOException {
    writeFile(entity, name(entity), type(entity, source));
  }

  @Override
  protected TypeSpec.Builder write(EntityModel entity, KeyLayout layout) {
    throw new UnsupportedOperationException("a rekeying class needs the old layouts");
  }

  @Override
  protected ClassName name(EntityModel entity) {
    return GeneratedNames.rekeying(entity);
  }

  private TypeSpec.Builder type(EntityModel entity, RekeySource source) {
    ClassName entityName = GeneratedNames.entity(entity);
    ClassName repository = GeneratedNames.repository(entity);
    ClassName self = name(entity);
    String from = source.hot().table();
    TypeSpec.Builder type =
        TypeSpec.classBuilder(self)
            .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
            .addJavadoc(
                "Moves the rows of {@link $T} from table {@code $L}, laid out as its committed layout"
                    + " file {@code $L.layout} says, to table {@code $L} under the entity's current"
                    + " layout. The old tables are only read, never written or deleted.\n\n"
                    + "<pre>{@code\n"
                    + "RekeyResult moved = $T.job(store).build().run(); // resumes if stopped\n"
                    + "}</pre>\n",
                entityName,
                from,
                from,
                entity.table(),
                self)
            .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
    List<CodeBlock> layouts = new ArrayList<>();
    for (int i = 0; i < source.tables().size(); i++) {
      TableLayout t = source.tables().get(i);
      String text = String.join("\n", LayoutText.lines(t)) + "\n";
      layouts.add(CodeBlock.of("$T.parse($S)", LAYOUT_TEXT, text));
    }
    type.addField(
        FieldSpec.builder(
                ParameterizedTypeName.get(ClassName.get(List.class), TABLE_LAYOUT),
                "OLD_LAYOUTS",
                Modifier.PUBLIC,
                Modifier.STATIC,
                Modifier.FINAL)
            .addJavadoc(
                "The old tables' committed layouts, as the build read them: the hot table first.\n")
            .initializer("$T.of($L)", List.class, CodeBlock.join(layouts, ",\n"))
            .build());
    type.addField(
        FieldSpec.builder(
                LAYOUT_KEY_CODEC, "OLD_KEYS", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
            .initializer("new $T(OLD_LAYOUTS.get(0))", LAYOUT_KEY_CODEC)
            .build());
    type.addField(
        FieldSpec.builder(
                ENTITY_TABLES, "OLD_TABLES", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
            .addJavadoc("The old tables by role, as the old rows were written to them.\n")
            .initializer("$T.entityTables(OLD_LAYOUTS)", LAYOUT_TABLES)
            .build());
    type.addMethod(
        MethodSpec.methodBuilder("job")
            .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
            .addJavadoc(
                "A job moving every row of {@code $L} into {@code $L}, to be configured and run;"
                    + " it resumes from where an earlier run of the same job stopped.\n",
                from,
                entity.table())
            .returns(ParameterizedTypeName.get(REKEY_JOB.nestedClass("Builder"), entityName))
            .addParameter(STORE, "store")
            .addStatement(
                "return $T.builder(new $N(store), new $T(store)).jobId($S)",
                REKEY_JOB,
                OLD_REPOSITORY,
                repository,
                from + " -> " + entity.table())
            .build());
    type.addMethod(decodeOldKey(entity));
    type.addMethod(oldKeyOf(entity));
    type.addType(oldRepository(entity, entityName, repository));
    return type;
  }

  /** {@code decodeOldKey(PrimaryKey)}: an old table's key as the entity's key values. */
  private static MethodSpec decodeOldKey(EntityModel entity) {
    ClassName key = GeneratedNames.keyRecord(entity);
    MethodSpec.Builder m =
        MethodSpec.methodBuilder("decodeOldKey")
            .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
            .addJavadoc(
                "The key values of a key of the old table, decoded under its committed layout.\n\n"
                    + "@throws $T if the old layout never wrote that key\n",
                RuntimeNames.INVALID_KEY_EXCEPTION)
            .returns(key)
            .addParameter(PRIMARY_KEY, "key")
            .addStatement(
                "$T<$T, $T> values = OLD_KEYS.decode(key)", Map.class, String.class, Object.class);
    List<CodeBlock> args = new ArrayList<>();
    for (KeyComponent c : entity.keyComponents()) {
      CodeBlock value = CodeBlock.of("values.get($S)", c.name());
      args.add(
          switch (c.kind()) {
            case STRING -> CodeBlock.of("($T) $L", String.class, value);
            case UUID -> CodeBlock.of("($T) $L", UUID.class, value);
            case BYTES -> CodeBlock.of("(byte[]) $L", value);
            case ENUM ->
                CodeBlock.of(
                    "$T.parseEnum($S, ($T) $L, $T.class)",
                    KEY_PARTS,
                    c.name(),
                    String.class,
                    value,
                    TypeName.get(c.property().type()));
            default -> KeyDecoding.fromLong(c, CodeBlock.of("(long) ($T) $L", Long.class, value));
          });
    }
    return m.addStatement("return new $T($L)", key, CodeBlock.join(args, ", ")).build();
  }

  /** {@code oldKeyOf(entity)}: the key an entity had in the old table. */
  private static MethodSpec oldKeyOf(EntityModel entity) {
    ClassName entityName = GeneratedNames.entity(entity);
    MethodSpec.Builder m =
        MethodSpec.methodBuilder("oldKeyOf")
            .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
            .addJavadoc(
                "The key an entity has in the old table, encoded under its committed layout.\n\n"
                    + "@throws $T if a value breaks a rule of the old layout\n",
                RuntimeNames.INVALID_KEY_EXCEPTION)
            .returns(PRIMARY_KEY)
            .addParameter(entityName, "entity")
            .addStatement(
                "$T<$T, $T> values = new $T<>()",
                Map.class,
                String.class,
                Object.class,
                LinkedHashMap.class);
    for (KeyComponent c : entity.keyComponents()) {
      CodeBlock read = Accessors.read("entity", c.property());
      CodeBlock value =
          switch (c.kind()) {
            case ENUM -> CodeBlock.of("$T.requireNonNull($S, $L).name()", KEY_TEXT, c.name(), read);
            case STRING, UUID, BYTES -> read;
            default ->
                c.kind().time()
                    ? KeyEncoding.number(
                        c, CodeBlock.of("$T.requireNonNull($S, $L)", KEY_TEXT, c.name(), read))
                    : read;
          };
      m.addStatement("values.put($S, $L)", c.name(), value);
    }
    return m.addStatement("return OLD_KEYS.encode(values)").build();
  }

  /**
   * The read-only repository over the old tables: keys under the old layout, entities built by the
   * current repository's {@code entityOf}, columns as the current repository writes them.
   */
  private static TypeSpec oldRepository(
      EntityModel entity, ClassName entityName, ClassName repository) {
    Attribute version = entity.version();
    TypeSpec.Builder type =
        TypeSpec.classBuilder(OLD_REPOSITORY)
            .addModifiers(Modifier.STATIC, Modifier.FINAL)
            .addJavadoc(
                "The old tables read as entities: the re-keying job's source. Never written.\n")
            .superclass(ParameterizedTypeName.get(SPLIT_TABLE_REPOSITORY, entityName))
            .addField(repository, "current", Modifier.PRIVATE, Modifier.FINAL)
            .addMethod(
                MethodSpec.constructorBuilder()
                    .addParameter(STORE, "store")
                    .addStatement(
                        "super(store, OLD_TABLES, $T.chunkCaps(OLD_LAYOUTS.get(0)), $L)",
                        LAYOUT_TABLES,
                        version == null ? "null" : CodeBlock.of("$S", version.column()))
                    .addStatement("this.current = new $T(store)", repository)
                    .build())
            .addMethod(
                MethodSpec.methodBuilder("keyOf")
                    .addAnnotation(Override.class)
                    .addModifiers(Modifier.PROTECTED)
                    .returns(PRIMARY_KEY)
                    .addParameter(entityName, "entity")
                    .addStatement("return oldKeyOf(entity)")
                    .build())
            .addMethod(delegate("hotColumns", entityName))
            .addMethod(delegate("coldColumns", entityName))
            .addMethod(toEntity(entity, entityName, repository));
    if (version != null) {
      type.addMethod(
          MethodSpec.methodBuilder("versionOf")
              .addAnnotation(Override.class)
              .addModifiers(Modifier.PROTECTED)
              .returns(TypeName.LONG)
              .addParameter(entityName, "entity")
              .addStatement("return current.versionOf(entity)")
              .build());
      type.addMethod(
          MethodSpec.methodBuilder("withVersion")
              .addAnnotation(Override.class)
              .addModifiers(Modifier.PROTECTED)
              .returns(entityName)
              .addParameter(entityName, "entity")
              .addParameter(TypeName.LONG, "version")
              .addStatement("return current.withVersion(entity, version)")
              .build());
    }
    return type.build();
  }

  /**
   * {@code toEntity}: the old key decoded under the old layout, the rows read by the current
   * repository's {@code entityOf}, their columns first renamed as the fields' {@code @RenamedFrom}
   * declare.
   */
  private static MethodSpec toEntity(
      EntityModel entity, ClassName entityName, ClassName repository) {
    MethodSpec.Builder m =
        MethodSpec.methodBuilder("toEntity")
            .addAnnotation(Override.class)
            .addModifiers(Modifier.PROTECTED)
            .returns(entityName)
            .addParameter(PRIMARY_KEY, "key")
            .addParameter(ROW, "hot")
            .addParameter(ROW, "cold");
    List<CodeBlock> renames = new ArrayList<>();
    for (Attribute a : entity.attributes()) {
      RenamedFrom renamed = a.property().element().getAnnotation(RenamedFrom.class);
      if (renamed != null) {
        renames.add(CodeBlock.of("$T.entry($S, $S)", Map.class, renamed.value(), a.column()));
      }
    }
    if (renames.isEmpty()) {
      return m.addStatement(
              "return $T.$N(decodeOldKey(key), hot, cold)", repository, GeneratedNames.ENTITY_OF)
          .build();
    }
    // old rows hold renamed fields' values under their old column names
    m.addStatement(
        "$T<$T, $T> renamed = $T.ofEntries($L)",
        Map.class,
        String.class,
        String.class,
        Map.class,
        CodeBlock.join(renames, ", "));
    return m.addStatement(
            "return $T.$N(decodeOldKey(key), $T.renamed(hot, renamed), $T.renamed(cold, renamed))",
            repository,
            GeneratedNames.ENTITY_OF,
            RuntimeNames.COLUMNS,
            RuntimeNames.COLUMNS)
        .build();
  }

  private static MethodSpec delegate(String name, ClassName entityName) {
    return MethodSpec.methodBuilder(name)
        .addAnnotation(Override.class)
        .addModifiers(Modifier.PROTECTED)
        .returns(
            ParameterizedTypeName.get(
                ClassName.get(Map.class), ClassName.get(String.class), ATTR_VALUE))
        .addParameter(entityName, "entity")
        .addStatement("return current.$N(entity)", name)
        .build();
  }
}
