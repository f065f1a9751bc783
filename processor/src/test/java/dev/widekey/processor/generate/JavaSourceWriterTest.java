package dev.widekey.processor.generate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeSpec;
import java.util.List;
import javax.lang.model.element.Modifier;
import org.junit.jupiter.api.Test;

/**
 * The writer renders a file once with its {@code java.lang} imports and drops them itself: the text
 * must be exactly what JavaPoet writes when it skips them.
 */
class JavaSourceWriterTest {
  private static final ClassName STRING = ClassName.get("java.lang", "String");
  private static final ClassName LONG = ClassName.get("java.lang", "Long");
  private static final ClassName LIST = ClassName.get("java.util", "List");
  private static final ClassName OBJECTS = ClassName.get("java.util", "Objects");
  private static final ClassName ALPHA = ClassName.get("aa.bb", "Alpha");

  @Test
  void droppingJavaLangImportsGivesWhatJavaPoetSkips() {
    List<List<ClassName>> uses =
        List.of(
            List.of(),
            List.of(STRING),
            List.of(STRING, LONG),
            List.of(LIST),
            List.of(STRING, LIST),
            List.of(ALPHA, STRING, LIST, LONG),
            List.of(ALPHA));
    for (String pkg : List.of("", "fz.e1")) {
      for (List<ClassName> types : uses) {
        for (boolean staticImport : List.of(false, true)) {
          TypeSpec type = type(types, staticImport);
          assertEquals(
              render(pkg, type, true, staticImport),
              JavaSourceWriter.withoutJavaLangImports(render(pkg, type, false, staticImport)),
              () -> pkg + " " + types + " static import " + staticImport);
        }
      }
    }
  }

  private static TypeSpec type(List<ClassName> types, boolean staticImport) {
    MethodSpec.Builder m = MethodSpec.methodBuilder("m").addModifiers(Modifier.STATIC);
    for (ClassName t : types) {
      m.addStatement("$T x$L = null", t, t.simpleName());
    }
    if (staticImport) {
      m.addStatement("$T.requireNonNull(m)", OBJECTS);
    }
    return TypeSpec.classBuilder("Gen")
        .addJavadoc("import java.lang.Long;\n")
        .addMethod(m.build())
        .build();
  }

  private static String render(String pkg, TypeSpec type, boolean skip, boolean staticImport) {
    JavaFile.Builder file =
        JavaFile.builder(pkg, type).addFileComment("notice").skipJavaLangImports(skip).indent("  ");
    if (staticImport) {
      file.addStaticImport(OBJECTS, "requireNonNull");
    }
    return file.build().toString();
  }
}
