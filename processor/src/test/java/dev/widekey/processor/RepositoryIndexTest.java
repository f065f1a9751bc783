package dev.widekey.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.widekey.processor.Fixtures.compile;
import static dev.widekey.processor.Fixtures.good;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.widekey.processor.generate.RepositoryIndexGenerator;
import dev.widekey.runtime.repository.RepositoryFactory;
import dev.widekey.runtime.repository.RepositoryIndex;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import java.io.IOException;
import java.util.List;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;
import org.junit.jupiter.api.Test;

/**
 * The index of generated repositories: a class per package whose factories call the generated
 * constructors, the service file that names it and the readable listing of the entities.
 */
class RepositoryIndexTest {

  private static String text(Compilation c, String path) throws IOException {
    JavaFileObject f = c.generatedFile(StandardLocation.CLASS_OUTPUT, "", path).orElseThrow();
    return f.getCharContent(true).toString();
  }

  @Test
  void indexesPlainAndShardedRepositories() throws Exception {
    Compilation c = compile(good("Order"), good("Item"), good("ShardedOrder"));
    assertThat(c).succeededWithoutWarnings();

    List<String> services = text(c, RepositoryIndexGenerator.SERVICE_FILE).lines().toList();
    assertThat(services).hasSize(1);
    assertThat(services.get(0)).matches("good\\.WidekeyRepositories_[0-9a-f]{8}");
    assertThat(text(c, RepositoryIndexGenerator.LISTING))
        .isEqualTo(
            String.join(
                "\n",
                "good.Item good.ItemRepository",
                "good.Order good.OrderRepository",
                "good.ShardedOrder good.ShardedOrderRepository good.ShardedOrderShardedRepository",
                ""));
    assertThat(c)
        .generatedSourceFile(services.get(0))
        .contentsAsUtf8String()
        .contains("RepositoryFactory.of(OrderRepository.class, OrderRepository::new)");

    // the factories construct the repositories: no reflection beyond loading the index itself
    GeneratedClassLoader loader = new GeneratedClassLoader(c);
    RepositoryIndex index =
        (RepositoryIndex) loader.loadClass(services.get(0)).getDeclaredConstructor().newInstance();
    List<String> types = index.repositories().stream().map(f -> f.type().getName()).toList();
    assertThat(types)
        .containsExactly(
            "good.ItemRepository", "good.OrderRepository", "good.ShardedOrderShardedRepository")
        .inOrder();
    try (WideTableStore store = EmbeddedStore.inMemory()) {
      for (RepositoryFactory<?> factory : index.repositories()) {
        assertThat(factory.type().isInstance(factory.newRepository(store))).isTrue();
      }
    }
  }

  @Test
  void theIndexDoesNotDependOnSourceOrder() throws IOException {
    Compilation first = compile(good("Order"), good("Item"));
    Compilation second = compile(good("Item"), good("Order"));

    assertThat(text(second, RepositoryIndexGenerator.SERVICE_FILE))
        .isEqualTo(text(first, RepositoryIndexGenerator.SERVICE_FILE));
    assertThat(text(second, RepositoryIndexGenerator.LISTING))
        .isEqualTo(text(first, RepositoryIndexGenerator.LISTING));
  }

  @Test
  void oneIndexClassPerPackage() throws IOException {
    JavaFileObject other =
        JavaFileObjects.forSourceLines(
            "other.Note",
            "package other;",
            "import dev.widekey.annotations.PartitionKey;",
            "import dev.widekey.annotations.WideTable;",
            "@WideTable(name = \"notes\")",
            "public record Note(@PartitionKey(order = 0) String id, String text) {}");
    Compilation c = compile(good("Order"), other);
    assertThat(c).succeededWithoutWarnings();

    List<String> services = text(c, RepositoryIndexGenerator.SERVICE_FILE).lines().toList();
    assertThat(services).hasSize(2);
    assertThat(services.get(0)).startsWith("good.WidekeyRepositories_");
    assertThat(services.get(1)).startsWith("other.WidekeyRepositories_");
  }

  @Test
  void noEntityNoIndex() {
    Compilation c =
        compile(JavaFileObjects.forSourceLines("plain.Plain", "package plain;", "class Plain {}"));
    assertThat(c).succeededWithoutWarnings();
    assertThat(
            c.generatedFile(
                StandardLocation.CLASS_OUTPUT, "", RepositoryIndexGenerator.SERVICE_FILE))
        .isEmpty();
    assertThat(c.generatedSourceFiles()).isEmpty();
  }
}
