package dev.widekey.processor.generate;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.TypeSpec;
import dev.widekey.processor.model.EntityModel;
import dev.widekey.processor.model.KeyLayout;
import java.io.IOException;
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
  private final boolean generatedAvailable;
  private final String generator;

  /**
   * @param generator the processor's class name, written into {@code @Generated}; given by the
   *     processor, so that generators do not depend on it
   */
  protected SourceFileGenerator(Filer filer, Elements elements, String generator) {
    this.filer = filer;
    this.generatedAvailable = elements.getTypeElement(GENERATED.canonicalName()) != null;
    this.generator = generator;
  }

  /** The class to write for an entity, without {@code @Generated} and originating element. */
  protected abstract TypeSpec.Builder write(EntityModel entity, KeyLayout layout);

  /** The name of the class {@link #write} builds. */
  protected abstract ClassName name(EntityModel entity);

  public final void generate(EntityModel entity, KeyLayout layout) throws IOException {
    TypeSpec.Builder type = write(entity, layout).addOriginatingElement(entity.type());
    if (generatedAvailable) {
      type.addAnnotation(
          AnnotationSpec.builder(GENERATED).addMember("value", "$S", generator).build());
    }
    JavaFile.builder(name(entity).packageName(), type.build())
        .addFileComment(GeneratedNames.doNotEditNotice(entity))
        .skipJavaLangImports(true)
        .indent("  ")
        .build()
        .writeTo(filer);
  }
}
