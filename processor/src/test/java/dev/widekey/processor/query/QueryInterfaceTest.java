package dev.widekey.processor.query;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.widekey.processor.query.QueryFixtures.compile;
import static dev.widekey.processor.query.QueryFixtures.query;

import com.google.testing.compile.Compilation;
import org.junit.jupiter.api.Test;

/** Query interfaces that compile: every supported shape, implemented without warnings. */
class QueryInterfaceTest {
  @Test
  void supportedShapesCompileWithoutWarnings() {
    Compilation c = compile(query("Txns"), query("Readings"), query("Shops"), query("Jobs"));
    assertThat(c).succeededWithoutWarnings();
    assertThat(c).generatedSourceFile("query.Txns_");
    assertThat(c).generatedSourceFile("query.Readings_");
    assertThat(c).generatedSourceFile("query.Shops_");
    assertThat(c).generatedSourceFile("query.Jobs_");
    for (javax.tools.JavaFileObject f : c.generatedSourceFiles()) {
      try {
        java.nio.file.Files.createDirectories(java.nio.file.Path.of("/tmp/wtq-gen"));
        java.nio.file.Files.writeString(
            java.nio.file.Path.of("/tmp/wtq-gen", f.getName().replaceAll(".*/", "")),
            f.getCharContent(true));
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    }
  }
}
