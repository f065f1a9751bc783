package dev.widekey.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The library modules log only through {@link System.Logger} (or the SLF4J API), never to the
 * console and never through {@code java.util.logging} directly: an application chooses where logs
 * go. Tests, the sample app and the benchmarks may print. (The parent pom's enforcer rule keeps
 * logging bindings out of the library modules' dependencies.)
 */
class LibraryLoggingTest {
  static final List<String> LIBRARY_MODULES =
      List.of("annotations", "processor", "runtime", "store-hbase", "store-tablestore");

  /**
   * {@code printStackTrace()} to the console; into a given writer (a diagnostic's text) is fine.
   */
  static final Pattern FORBIDDEN =
      Pattern.compile(
          "System\\.out\\b|System\\.err\\b|java\\.util\\.logging|\\.printStackTrace\\(\\s*\\)");

  @Test
  void libraryMainSourcesNeverPrintNorUseJulDirectly() throws IOException {
    Path root = Path.of("").toAbsolutePath().getParent();
    List<String> found = new ArrayList<>();
    int files = 0;
    for (String module : LIBRARY_MODULES) {
      Path main = root.resolve(module).resolve("src/main/java");
      assertTrue(Files.isDirectory(main), main + " is a library module's sources");
      try (Stream<Path> paths = Files.walk(main)) {
        for (Path file : paths.filter(p -> p.toString().endsWith(".java")).toList()) {
          files++;
          List<String> lines = read(file);
          for (int i = 0; i < lines.size(); i++) {
            if (FORBIDDEN.matcher(lines.get(i)).find()) {
              found.add(root.relativize(file) + ":" + (i + 1) + ": " + lines.get(i).trim());
            }
          }
        }
      }
    }
    assertTrue(files > 100, "scanned " + files + " files");
    assertEquals(List.of(), found, "log through System.Logger instead");
  }

  private static List<String> read(Path file) {
    try {
      return Files.readAllLines(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
