package dev.widekey.processor.generate;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.TypeSpec;
import dev.widekey.processor.model.EntityModel;
import dev.widekey.processor.model.KeyLayout;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.annotation.processing.Filer;
import javax.lang.model.util.Elements;

/**
 * The base of every source generator: adds the "do not edit" notice, {@code @Generated} and the
 * originating element (the entity, so that incremental builds know what to regenerate) and writes
 * the file. Output depends only on the entity model and its key layout, so builds are
 * deterministic.
 */
public abstract class SourceFileGenerator {
  private static final ClassName GENERATED =
      ClassName.get("javax.annotation.processing", "Generated");

  private final Filer filer;
  private final Elements elements;
  private final boolean generatedAvailable;
  private final String generator;

  /**
   * @param generator the processor's class name, written into {@code @Generated}; given by the
   *     processor, so that generators do not depend on it
   */
  protected SourceFileGenerator(Filer filer, Elements elements, String generator) {
    this.filer = filer;
    this.elements = elements;
    this.generatedAvailable = elements.getTypeElement(GENERATED.canonicalName()) != null;
    this.generator = generator;
  }

  /** The class to write for an entity, without {@code @Generated} and originating element. */
  protected abstract TypeSpec.Builder write(EntityModel entity, KeyLayout layout);

  /** The name of the class {@link #write} builds. */
  protected abstract ClassName name(EntityModel entity);

  public final void generate(EntityModel entity, KeyLayout layout) throws IOException {
    writeFile(entity, name(entity), write(entity, layout));
  }

  /**
   * Writes {@code type}, named {@code name}, generated from {@code entity}: for generators whose
   * class needs more than the entity and its key layout.
   */
  protected final void writeFile(EntityModel entity, ClassName name, TypeSpec.Builder type)
      throws IOException {
    type.addOriginatingElement(entity.type());
    if (generatedAvailable) {
      type.addAnnotation(
          AnnotationSpec.builder(GENERATED).addMember("value", "$S", generator).build());
    }
    String pkg = name.packageName();
    JavaFile file = file(entity, pkg, type.build());
    List<String> hidden = javaLangNamesHidden(pkg, file);
    if (!hidden.isEmpty()) {
      file = file(entity, pkg, type.alwaysQualify(hidden.toArray(String[]::new)).build());
    }
    file.writeTo(filer);
  }

  private static JavaFile file(EntityModel entity, String pkg, TypeSpec type) {
    return JavaFile.builder(pkg, type)
        .addFileComment(GeneratedNames.doNotEditNotice(entity))
        .skipJavaLangImports(true)
        .indent("  ")
        .build();
  }

  /** A line importing a {@code java.lang} type, as JavaPoet writes it when asked to. */
  private static final Pattern JAVA_LANG_IMPORT =
      Pattern.compile("^import java\\.lang\\.(\\w+);$", Pattern.MULTILINE);

  /**
   * The {@code java.lang} types the file names by their simple name that a type of its package
   * hides ({@code fz.Long} hides {@code java.lang.Long} in every file of package {@code fz}): those
   * are written in full. Other types are imported one by one, which shadows the package's types.
   * Only the names the file uses are looked up, so no other class of the package gets loaded.
   */
  private List<String> javaLangNamesHidden(String pkg, JavaFile file) {
    Matcher m =
        JAVA_LANG_IMPORT.matcher(file.toBuilder().skipJavaLangImports(false).build().toString());
    List<String> out = new ArrayList<>();
    while (m.find()) {
      String simple = m.group(1);
      if (elements.getTypeElement(pkg.isEmpty() ? simple : pkg + "." + simple) != null) {
        out.add(simple);
      }
    }
    return out;
  }
}
