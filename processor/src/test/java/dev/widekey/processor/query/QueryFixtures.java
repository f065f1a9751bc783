package dev.widekey.processor.query;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import dev.widekey.processor.WidekeyProcessor;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaFileObject;

/** The query-interface fixtures under {@code src/test/resources/query}, and their compiler. */
final class QueryFixtures {
  private QueryFixtures() {}

  /** {@code query/Name.java}: an entity or a query interface that compiles. */
  static JavaFileObject query(String name) {
    return JavaFileObjects.forResource("query/" + name + ".java");
  }

  /** {@code query/bad/Name.java}: a query interface the processor refuses. */
  static JavaFileObject bad(String name) {
    return JavaFileObjects.forResource("query/bad/" + name + ".java");
  }

  /** The entities every query fixture may read. */
  static List<JavaFileObject> entities() {
    List<JavaFileObject> all = new ArrayList<>();
    for (String e : List.of("Txn", "Reading", "Shop", "Hashed", "Job", "User")) {
      all.add(query(e));
    }
    return all;
  }

  /** Compiles the fixtures with the entities, as a consumer's build does. */
  static Compilation compile(JavaFileObject... files) {
    List<JavaFileObject> all = entities();
    all.addAll(List.of(files));
    return Compiler.javac()
        .withProcessors(new WidekeyProcessor())
        .withOptions("-Xlint:all", "-Xlint:-processing")
        .compile(all);
  }
}
