package dev.widekey.processor.generate;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeSpec;
import com.palantir.javapoet.WildcardTypeName;
import dev.widekey.processor.model.EntityModel;
import dev.widekey.processor.model.ShardSpec;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.annotation.processing.Filer;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;
import javax.tools.FileObject;
import javax.tools.StandardLocation;

/**
 * The index of the repositories a compilation generated, so that a container (the Spring Boot
 * starter) creates them as beans without scanning the class path and without reflection:
 *
 * <ul>
 *   <li>per round and package, a class {@code <package>.WidekeyRepositories_<hash>} implementing
 *       {@code dev.widekey.runtime.repository.RepositoryIndex}, whose factories call the generated
 *       constructors ({@code FooRepository::new}); the hash is taken over the repositories it
 *       lists, so two compilations (two jars) that share a package never write the same class;
 *   <li>after the last round, {@value #SERVICE_FILE} listing those classes, for {@link
 *       java.util.ServiceLoader}, and {@value #LISTING}, one line per entity: the entity, the
 *       repository and, for a {@code @TimeSharded} entity, the sharded repository (the one the
 *       index creates: its plain repository works over one period's tables).
 * </ul>
 *
 * <p>Both files are aggregated over the compilation: an incremental build that recompiles only some
 * entities lists only those. Index classes are written in the round their entities are generated
 * in, never after the last one, so they are compiled with the rest.
 */
public final class RepositoryIndexGenerator {
  /** The service file {@link java.util.ServiceLoader} reads, relative to the class output. */
  public static final String SERVICE_FILE =
      "META-INF/services/dev.widekey.runtime.repository.RepositoryIndex";

  /** The readable listing of the compilation's repositories, relative to the class output. */
  public static final String LISTING = "META-INF/widekey/repositories";

  /** The simple name of every index class, before its hash. */
  public static final String CLASS_PREFIX = "WidekeyRepositories_";

  private static final ClassName GENERATED =
      ClassName.get("javax.annotation.processing", "Generated");

  private final Filer filer;
  private final JavaSourceWriter writer;
  private final boolean generatedAvailable;
  private final String generator;

  /** Entities generated since the index classes were last written. */
  private final List<EntityModel> pending = new ArrayList<>();

  /** Every entity indexed in this compilation: entity name → listing line. */
  private final Map<String, String> lines = new TreeMap<>();

  /** Every index class written in this compilation. */
  private final List<String> indexClasses = new ArrayList<>();

  public RepositoryIndexGenerator(Filer filer, Elements elements, String generator) {
    this.filer = filer;
    this.writer = new JavaSourceWriter(filer, elements);
    this.generatedAvailable = elements.getTypeElement(GENERATED.canonicalName()) != null;
    this.generator = generator;
  }

  /** Indexes an entity whose repositories were generated. */
  public void add(EntityModel entity) {
    pending.add(entity);
  }

  /** The repository an entity's index entry creates from a store alone. */
  private static ClassName created(EntityModel entity) {
    return ShardSpec.of(entity).isPresent()
        ? GeneratedNames.shardedRepository(entity)
        : GeneratedNames.repository(entity);
  }

  /** Writes the index classes of the entities generated since the last call: once per round. */
  public void writeRound() throws IOException {
    Map<String, List<EntityModel>> byPackage = new TreeMap<>();
    for (EntityModel entity : pending) {
      byPackage
          .computeIfAbsent(GeneratedNames.repository(entity).packageName(), p -> new ArrayList<>())
          .add(entity);
    }
    pending.clear();
    for (Map.Entry<String, List<EntityModel>> e : byPackage.entrySet()) {
      List<EntityModel> entities = new ArrayList<>(e.getValue());
      entities.sort(Comparator.comparing(m -> GeneratedNames.entity(m).canonicalName()));
      writeIndex(e.getKey(), entities);
      for (EntityModel entity : entities) {
        StringBuilder line = new StringBuilder(GeneratedNames.entity(entity).reflectionName());
        line.append(' ').append(GeneratedNames.repository(entity).reflectionName());
        if (ShardSpec.of(entity).isPresent()) {
          line.append(' ').append(GeneratedNames.shardedRepository(entity).reflectionName());
        }
        lines.put(GeneratedNames.entity(entity).reflectionName(), line.toString());
      }
    }
  }

  private void writeIndex(String pkg, List<EntityModel> entities) throws IOException {
    StringBuilder names = new StringBuilder();
    for (EntityModel entity : entities) {
      names.append(created(entity).reflectionName()).append('\n');
    }
    ClassName name = ClassName.get(pkg, CLASS_PREFIX + hash(names.toString()));
    CodeBlock.Builder list = CodeBlock.builder().add("return $T.of(", List.class);
    for (int i = 0; i < entities.size(); i++) {
      ClassName repository = created(entities.get(i));
      list.add(i == 0 ? "\n" : ",\n")
          .add(
              "    $T.of($T.class, $T::new)",
              RuntimeNames.REPOSITORY_FACTORY,
              repository,
              repository);
    }
    list.add(")");
    TypeSpec.Builder type =
        TypeSpec.classBuilder(name)
            .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
            .addSuperinterface(RuntimeNames.REPOSITORY_INDEX)
            .addJavadoc(
                "The repositories widekey generated in this package, for {@link"
                    + " java.util.ServiceLoader}.\n")
            .addMethod(
                MethodSpec.constructorBuilder()
                    .addModifiers(Modifier.PUBLIC)
                    .addJavadoc("Called by {@link java.util.ServiceLoader}.\n")
                    .build())
            .addMethod(
                MethodSpec.methodBuilder("repositories")
                    .addAnnotation(Override.class)
                    .addModifiers(Modifier.PUBLIC)
                    .returns(
                        ParameterizedTypeName.get(
                            ClassName.get(List.class),
                            ParameterizedTypeName.get(
                                RuntimeNames.REPOSITORY_FACTORY,
                                WildcardTypeName.subtypeOf(Object.class))))
                    .addStatement(list.build())
                    .build());
    for (EntityModel entity : entities) {
      type.addOriginatingElement(entity.type());
    }
    if (generatedAvailable) {
      type.addAnnotation(
          AnnotationSpec.builder(GENERATED).addMember("value", "$S", generator).build());
    }
    writer.write(pkg, type, "Generated by widekey. Do not edit: change the entities and rebuild.");
    indexClasses.add(name.reflectionName());
  }

  /** Writes the service file and the listing: after the last round, when anything was indexed. */
  public void finish(List<TypeElement> originating) throws IOException {
    writeRound();
    if (indexClasses.isEmpty()) {
      return;
    }
    List<String> classes = new ArrayList<>(indexClasses);
    classes.sort(null);
    writeResource(SERVICE_FILE, String.join("\n", classes) + "\n", originating);
    writeResource(LISTING, String.join("\n", lines.values()) + "\n", originating);
  }

  private void writeResource(String path, String text, List<TypeElement> originating)
      throws IOException {
    FileObject file =
        filer.createResource(
            StandardLocation.CLASS_OUTPUT, "", path, originating.toArray(TypeElement[]::new));
    try (Writer w = file.openWriter()) {
      w.write(text);
    }
  }

  private static String hash(String text) {
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest, 0, 4);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is in every JDK", e);
    }
  }
}
