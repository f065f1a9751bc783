package dev.widekey.store.tck.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every fuzz and small-heap test class of the module carries {@link SmallHeap}: the small-heap
 * execution selects by that tag, so one without it would run in the default, large heap instead,
 * and its bound would go unchecked.
 */
class SmallHeapTagTest {
  @Test
  void everyFuzzAndSmallHeapTestIsTagged() throws IOException {
    List<Path> classes;
    try (Stream<Path> files = Files.walk(Path.of("src/test/java"))) {
      classes =
          files
              .filter(
                  p -> {
                    String name = p.getFileName().toString();
                    return name.endsWith("FuzzTest.java") || name.endsWith("SmallHeapTest.java");
                  })
              .toList();
    }
    assertTrue(classes.size() >= 3, "found " + classes);
    for (Path p : classes) {
      String source = Files.readString(p);
      assertEquals(
          true,
          source.contains("\n@SmallHeap\n"),
          p + " is a fuzz or small-heap test without @SmallHeap");
    }
  }
}
