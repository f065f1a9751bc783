package dev.widekey.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.JavaFileObject;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The README's snippets of converters, {@code @Transient}, column naming and time-key truncation,
 * read from the README itself (never copied) and compiled with the processor, so that they cannot
 * drift from what the processor accepts.
 */
class ReadmeConversionSnippetsTest {
  private static final Pattern JAVA_BLOCK = Pattern.compile("```java\n(.*?)```", Pattern.DOTALL);
  private static final Pattern TYPE_NAME =
      Pattern.compile("public (?:final )?(?:record|class|interface) (\\w+)");

  @ParameterizedTest
  @ValueSource(
      strings = {
        "## Converters, transient fields and column names",
        "## Time keys finer than a millisecond"
      })
  void theSectionsSnippetsCompileWithoutWarnings(String heading) throws IOException {
    List<JavaFileObject> files = new ArrayList<>();
    for (String snippet : snippets(heading)) {
      Matcher name = TYPE_NAME.matcher(snippet);
      assertThat(name.find()).isTrue();
      files.add(
          JavaFileObjects.forSourceString(
              "readme." + name.group(1), "package readme;\n" + snippet));
    }
    assertThat(files).isNotEmpty();

    Compilation c = Fixtures.compile(files.toArray(JavaFileObject[]::new));

    assertThat(c).succeededWithoutWarnings();
  }

  /** The java blocks of the README section under {@code heading}. */
  private static List<String> snippets(String heading) throws IOException {
    Path readme = Path.of("..", "README.md");
    String text = Files.readString(readme);
    int start = text.indexOf("\n" + heading + "\n");
    assertThat(start).isAtLeast(0);
    int end = text.indexOf("\n## ", start + heading.length() + 2);
    String section = text.substring(start, end < 0 ? text.length() : end);
    List<String> out = new ArrayList<>();
    Matcher m = JAVA_BLOCK.matcher(section);
    while (m.find()) {
      out.add(m.group(1));
    }
    return out;
  }
}
