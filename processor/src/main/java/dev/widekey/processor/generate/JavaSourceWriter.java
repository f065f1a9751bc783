package dev.widekey.processor.generate;

import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.TypeSpec;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.annotation.processing.Filer;
import javax.lang.model.util.Elements;

/**
 * Writes a generated class into the user's package, safe from the package's own type names: a
 * {@code java.lang} type the class names by its simple name ({@code Override}, {@code Long}) is
 * written in full when a type of that package hides it ({@code fz.Override} hides {@code
 * java.lang.Override} in every file of package {@code fz}). Every generated source file goes
 * through here, so that no generator can forget it.
 */
public final class JavaSourceWriter {
  /** A line importing a {@code java.lang} type, as JavaPoet writes it when asked to. */
  private static final Pattern JAVA_LANG_IMPORT =
      Pattern.compile("^import java\\.lang\\.(\\w+);$", Pattern.MULTILINE);

  private final Filer filer;
  private final Elements elements;

  public JavaSourceWriter(Filer filer, Elements elements) {
    this.filer = filer;
    this.elements = elements;
  }

  /** Writes {@code type} into package {@code pkg}, headed by the comment {@code notice}. */
  public void write(String pkg, TypeSpec.Builder type, String notice) throws IOException {
    JavaFile file = file(pkg, type.build(), notice);
    List<String> hidden = javaLangNamesHidden(pkg, file);
    if (!hidden.isEmpty()) {
      file = file(pkg, type.alwaysQualify(hidden.toArray(String[]::new)).build(), notice);
    }
    file.writeTo(filer);
  }

  private static JavaFile file(String pkg, TypeSpec type, String notice) {
    return JavaFile.builder(pkg, type)
        .addFileComment(notice)
        .skipJavaLangImports(true)
        .indent("  ")
        .build();
  }

  /**
   * The {@code java.lang} types the file names by their simple name that a type of its package
   * hides. Other types are imported one by one, which shadows the package's types. Only the names
   * the file uses are looked up, so no other class of the package gets loaded.
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
