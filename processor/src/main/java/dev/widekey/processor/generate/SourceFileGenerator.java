package dev.widekey.processor.generate;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.TypeSpec;
import dev.widekey.core.layout.TableLayout;
import dev.widekey.processor.model.EntityModel;
import dev.widekey.processor.model.KeyLayout;
import java.io.IOException;
import java.util.List;
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

  private final JavaSourceWriter writer;
  private final boolean generatedAvailable;
  private final String generator;

  /**
   * @param generator the processor's class name, written into {@code @Generated}; given by the
   *     processor, so that generators do not depend on it
   */
  protected SourceFileGenerator(Filer filer, Elements elements, String generator) {
    this.writer = new JavaSourceWriter(filer, elements);
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

  /** Writes the class of an entity whose tables' complete layouts are known (hot table first). */
  public final void generate(EntityModel entity, KeyLayout layout, List<TableLayout> tables)
      throws IOException {
    writeFile(entity, name(entity), write(entity, layout, tables));
  }

  /**
   * The class to write for an entity with its tables' layouts: for generators that state stored
   * facts only the complete layout holds; by default {@link #write(EntityModel, KeyLayout)}.
   */
  protected TypeSpec.Builder write(EntityModel entity, KeyLayout layout, List<TableLayout> tables) {
    return write(entity, layout);
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
    writer.write(name.packageName(), type, GeneratedNames.doNotEditNotice(entity));
  }
}
