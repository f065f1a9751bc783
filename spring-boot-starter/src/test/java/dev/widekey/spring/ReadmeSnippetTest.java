package dev.widekey.spring;

import static org.assertj.core.api.Assertions.assertThat;

import dev.widekey.sample.Order;
import dev.widekey.sample.OrderRepository;
import java.io.IOException;
import java.lang.reflect.Method;
import java.math.BigDecimal;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * The README's Spring Boot service, read from the README itself (never copied): it compiles against
 * the starter and the sample's entities as written, and, as a bean of a context the starter
 * configures, gets the injected {@code OrderRepository} and finds what it wrote.
 */
class ReadmeSnippetTest {
  private static final Pattern JAVA_BLOCK = Pattern.compile("```java\n(.*?)```", Pattern.DOTALL);
  private static final Pattern CLASS_NAME = Pattern.compile("public class (\\w+)");

  @Test
  void theInjectedServiceCompilesAndReadsThroughTheRepository(@TempDir Path dir) throws Exception {
    String source = snippet("## Spring Boot");
    Matcher name = CLASS_NAME.matcher(source);
    assertThat(name.find()).as("a public class in the snippet").isTrue();
    Path file = dir.resolve(name.group(1) + ".java");
    Files.writeString(file, source);
    compile(file, dir);

    try (URLClassLoader loader =
        new URLClassLoader(new URL[] {dir.toUri().toURL()}, getClass().getClassLoader())) {
      Class<?> service = loader.loadClass(name.group(1));
      new ApplicationContextRunner()
          .withClassLoader(loader)
          .withConfiguration(AutoConfigurations.of(WidekeyAutoConfiguration.class))
          .withBean(service)
          .run(
              context -> {
                assertThat(context).hasNotFailed();
                Object orders = context.getBean(service);
                Method find = service.getMethod("find", long.class);
                assertThat(invokeFind(orders, find, 200004L)).isEmpty();
                Order order =
                    new Order(
                        200004L,
                        "C0FFEE",
                        new BigDecimal("12.50"),
                        Instant.parse("2026-11-26T10:00:00Z"));
                context.getBean(OrderRepository.class).put(order);
                assertThat(invokeFind(orders, find, 200004L)).isEqualTo(Optional.of(order));
              });
    }
  }

  private static Optional<?> invokeFind(Object service, Method find, long id) throws Exception {
    return (Optional<?>) find.invoke(service, id);
  }

  private static void compile(Path file, Path out) throws IOException {
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
                      out.toString()),
                  null,
                  files.getJavaFileObjects(file))
              .call();
      assertThat(ok).as(() -> Files.exists(file) + " " + diagnostics.getDiagnostics()).isTrue();
    }
    assertThat(diagnostics.getDiagnostics()).isEmpty();
  }

  /** The first java block of the README section under {@code heading}. */
  private static String snippet(String heading) throws IOException {
    String text = Files.readString(Path.of("..", "README.md"));
    int start = text.indexOf("\n" + heading + "\n");
    assertThat(start).as(heading).isNotNegative();
    int end = text.indexOf("\n## ", start + heading.length() + 2);
    Matcher m = JAVA_BLOCK.matcher(text.substring(start, end < 0 ? text.length() : end));
    assertThat(m.find()).as("no java block under " + heading).isTrue();
    return m.group(1);
  }
}
