package dev.widekey.processor;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import javax.tools.JavaFileObject;

/**
 * Fixture files under {@code src/test/resources} and the compiler that runs the processor on them.
 */
final class Fixtures {
  private Fixtures() {}

  /** A fixture under {@code good/}: a design that must compile without errors or warnings. */
  static JavaFileObject good(String name) {
    return JavaFileObjects.forResource("good/" + name + ".java");
  }

  /** A fixture under {@code bad/}: a design the processor must reject. */
  static JavaFileObject bad(String path) {
    return JavaFileObjects.forResource("bad/" + path + ".java");
  }

  /** A fixture under {@code warn/}: a design that compiles, with warnings. */
  static JavaFileObject warn(String name) {
    return JavaFileObjects.forResource("warn/" + name + ".java");
  }

  /** Compiles with the widekey processor, as a consumer's build does. */
  static Compilation compile(JavaFileObject... files) {
    return Compiler.javac()
        .withProcessors(new WidekeyProcessor())
        // -Xlint:all so that a generated file that javac warns about fails
        // succeededWithoutWarnings()
        .withOptions("-Xlint:all", "-Xlint:-processing")
        .compile(files);
  }
}
