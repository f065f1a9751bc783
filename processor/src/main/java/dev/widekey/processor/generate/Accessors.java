package dev.widekey.processor.generate;

import com.palantir.javapoet.CodeBlock;
import dev.widekey.processor.model.Property;

/** How generated code reads a property from an entity variable. */
final class Accessors {
  private Accessors() {}

  static CodeBlock read(String entity, Property p) {
    return p.readerIsMethod()
        ? CodeBlock.of("$N.$N()", entity, p.reader())
        : CodeBlock.of("$N.$N", entity, p.reader());
  }
}
