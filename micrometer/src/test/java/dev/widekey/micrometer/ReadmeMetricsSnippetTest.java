package dev.widekey.micrometer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's "Metrics" snippet, read from the README itself (never copied) and compiled against
 * this module's class path: its imports as written, its statements in a method given the two names
 * the README leaves to the reader ({@code registry}, {@code backend}).
 */
class ReadmeMetricsSnippetTest {
  private static final Pattern JAVA_BLOCK = Pattern.compile("```java\n(.*?)```", Pattern.DOTALL);

  @Test
  void theSnippetCompiles(@TempDir Path dir) throws IOException {
    String snippet = snippet("## Metrics");
    List<String> imports = new ArrayList<>();
    List<String> body = new ArrayList<>();
    for (String line : snippet.split("\n")) {
      (line.startsWith("import ") ? imports : body).add(line);
    }
    String source =
        String.join("\n", imports)
            + "\nclass Snippet {\n"
            + "  static void run(io.micrometer.core.instrument.MeterRegistry registry,"
            + " dev.widekey.runtime.store.WideTableStore backend) {\n"
            + String.join("\n", body)
            + "\n  }\n}\n";
    Path file = dir.resolve("Snippet.java");
    Files.writeString(file, source);

    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, null, null)) {
      boolean ok =
          javac
              .getTask(
                  null,
                  files,
                  diagnostics,
                  List.of(
                      "-proc:none",
                      "-classpath",
                      System.getProperty("java.class.path"),
                      "-d",
                      dir.toString()),
                  null,
                  files.getJavaFileObjects(file))
              .call();
      assertTrue(ok, () -> source + "\n" + diagnostics.getDiagnostics());
    }
    assertEquals(List.of(), diagnostics.getDiagnostics(), source);
  }

  /** The first java block of the README section under {@code heading}. */
  private static String snippet(String heading) throws IOException {
    String text = Files.readString(Path.of("..", "README.md"));
    int start = text.indexOf("\n" + heading + "\n");
    assertTrue(start >= 0, heading);
    int end = text.indexOf("\n## ", start + heading.length() + 2);
    Matcher m = JAVA_BLOCK.matcher(text.substring(start, end < 0 ? text.length() : end));
    assertTrue(m.find(), "no java block under " + heading);
    return m.group(1);
  }
}
