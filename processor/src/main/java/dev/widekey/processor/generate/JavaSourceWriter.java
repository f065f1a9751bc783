package dev.widekey.processor.generate;

import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.TypeSpec;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.annotation.processing.Filer;
import javax.lang.model.element.Element;
import javax.lang.model.element.ModuleElement;
import javax.lang.model.util.Elements;
import javax.tools.JavaFileObject;

/**
 * Writes a generated class into the user's package, safe from the package's own type names: a
 * {@code java.lang} type the class names by its simple name ({@code Override}, {@code Long}) is
 * written in full when a type of that package hides it ({@code fz.Override} hides {@code
 * java.lang.Override} in every file of package {@code fz}). Every generated source file goes
 * through here, so that no generator can forget it.
 *
 * <p>The file is rendered once, with its {@code java.lang} imports spelled out so that the names it
 * uses can be read off, and those import lines are dropped before it is written (what JavaPoet's
 * {@code skipJavaLangImports} leaves out, and nothing else); it is rendered a second time only when
 * a name is hidden. Rendering is most of the processor's own time, so it is not done twice.
 */
public final class JavaSourceWriter {
  /** A line importing a {@code java.lang} type, as JavaPoet writes it when asked to. */
  private static final Pattern JAVA_LANG_IMPORT =
      Pattern.compile("^import java\\.lang\\.(\\w+);\\n", Pattern.MULTILINE);

  /** A line importing a type (not a static member). */
  private static final Pattern TYPE_IMPORT =
      Pattern.compile("^import (?!static )", Pattern.MULTILINE);

  private final Filer filer;
  private final Elements elements;

  /** Whether a type {@code pkg.Simple} exists, by qualified name: asked once per name. */
  private final Map<String, Boolean> typeExists = new HashMap<>();

  public JavaSourceWriter(Filer filer, Elements elements) {
    this.filer = filer;
    this.elements = elements;
  }

  /** Writes {@code type} into package {@code pkg}, headed by the comment {@code notice}. */
  public void write(String pkg, TypeSpec.Builder type, String notice) throws IOException {
    TypeSpec spec = type.build();
    String text = file(pkg, spec, notice).toString();
    List<String> hidden = javaLangNamesHidden(pkg, spec, text);
    if (!hidden.isEmpty()) {
      spec = type.alwaysQualify(hidden.toArray(String[]::new)).build();
      text = file(pkg, spec, notice).toString();
    }
    String name = pkg.isEmpty() ? spec.name() : pkg + "." + spec.name();
    JavaFileObject out =
        filer.createSourceFile(name, spec.originatingElements().toArray(Element[]::new));
    try (Writer writer = out.openWriter()) {
      writer.write(withoutJavaLangImports(text));
    }
  }

  private static JavaFile file(String pkg, TypeSpec type, String notice) {
    return JavaFile.builder(pkg, type)
        .addFileComment(notice)
        .skipJavaLangImports(false)
        .indent("  ")
        .build();
  }

  /**
   * The file without its {@code java.lang} import lines, as JavaPoet writes it with {@code
   * skipJavaLangImports}: the blank line after the imports goes too when no import is left.
   */
  static String withoutJavaLangImports(String text) {
    int start = text.indexOf("\nimport ") + 1;
    if (start == 0) {
      return text;
    }
    int end = start; // past the import lines and the blank lines after each group
    while (end < text.length() && (text.startsWith("import ", end) || text.charAt(end) == '\n')) {
      end = text.indexOf('\n', end) + 1;
    }
    String imports = text.substring(start, end);
    String kept = JAVA_LANG_IMPORT.matcher(imports).replaceAll("");
    if (kept.length() == imports.length()) {
      return text;
    }
    if (!TYPE_IMPORT.matcher(kept).find()) {
      kept = kept.substring(0, kept.length() - 1); // the blank line JavaPoet writes after imports
    }
    return text.substring(0, start) + kept + text.substring(end);
  }

  /**
   * The {@code java.lang} types the file names by their simple name that a type of its package
   * hides. Other types are imported one by one, which shadows the package's types. Only the names
   * the file uses are looked up, in the module of the element the file is generated for, each once,
   * so no other class of the package gets loaded.
   */
  private List<String> javaLangNamesHidden(String pkg, TypeSpec spec, String text) {
    Matcher m = JAVA_LANG_IMPORT.matcher(text);
    List<String> out = new ArrayList<>();
    ModuleElement module =
        spec.originatingElements().isEmpty()
            ? null
            : elements.getModuleOf(spec.originatingElements().get(0));
    while (m.find()) {
      String simple = m.group(1);
      String qualified = pkg.isEmpty() ? simple : pkg + "." + simple;
      boolean exists =
          typeExists.computeIfAbsent(
              (module == null ? "" : module.getQualifiedName() + "/") + qualified,
              k ->
                  (module == null
                          ? elements.getTypeElement(qualified)
                          : elements.getTypeElement(module, qualified))
                      != null);
      if (exists) {
        out.add(simple);
      }
    }
    return out;
  }
}
