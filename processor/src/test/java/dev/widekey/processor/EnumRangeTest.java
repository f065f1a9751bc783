package dev.widekey.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.widekey.processor.Fixtures.compile;
import static dev.widekey.processor.Fixtures.good;

import com.google.testing.compile.Compilation;
import dev.widekey.runtime.repository.SplitTableRepository;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * An enum key column is stored by name, so a {@code from}/{@code to} range over it would compare
 * names ({@code Between(LOW, HIGH)} of LOW, MEDIUM, HIGH is empty): none is generated (rule WK107's
 * "no range read over" family); ranges that fix the enum, or bound the column after it, are.
 */
class EnumRangeTest {
  private final WideTableStore store = EmbeddedStore.inMemory();

  @AfterEach
  void close() {
    store.close();
  }

  private static List<String> methods(Class<?> type) {
    return Arrays.stream(type.getDeclaredMethods()).map(Method::getName).sorted().toList();
  }

  @Test
  void noBetweenRangeIsGeneratedOverAnEnumColumn() throws Exception {
    Compilation compilation = compile(good("Ticket"));
    assertThat(compilation).succeededWithoutWarnings();
    JavaFileObject keysSource = compilation.generatedSourceFile("good.TicketKeys").orElseThrow();
    String keys = keysSource.getCharContent(true).toString();
    assertThat(keys).doesNotContain("rangeByQueueAndPriorityBetween");
    assertThat(keys).contains("rangeByQueueAndPriorityAndIdBetween");
    assertThat(keys).contains("rangeByQueueAndPriority(");

    GeneratedClassLoader loader = new GeneratedClassLoader(compilation);
    assertThat(methods(loader.loadClass("good.TicketRepository")))
        .doesNotContain("scanByQueueAndPriorityBetween");
  }

  @Test
  void theRangesKeptOverAnEnumColumnReadTheRightRows() throws Exception {
    GeneratedClassLoader loader = new GeneratedClassLoader(compile(good("Ticket")));
    Class<?> type = loader.loadClass("good.Ticket");
    Class<?> priority = loader.loadClass("good.Ticket$Priority");
    Object[] levels = priority.getEnumConstants();
    @SuppressWarnings("unchecked")
    SplitTableRepository<Object> repo =
        (SplitTableRepository<Object>)
            loader
                .loadClass("good.TicketRepository")
                .getConstructor(WideTableStore.class)
                .newInstance(store);
    repo.createTables();
    var create = type.getConstructor(long.class, priority, long.class, String.class);
    for (Object level : levels) {
      for (long id = 0; id < 5; id++) {
        repo.put(create.newInstance(1L, level, id, level + "-" + id));
      }
    }
    Method between =
        repo.getClass()
            .getMethod(
                "scanByQueueAndPriorityAndIdBetween", long.class, priority, long.class, long.class);
    List<String> titles;
    try (Stream<?> rows = (Stream<?>) between.invoke(repo, 1L, levels[2], 1L, 3L)) {
      titles = rows.map(r -> invoke(type, r, "title")).toList();
    }
    assertThat(titles).containsExactly("HIGH-1", "HIGH-2").inOrder();
    Method leading = repo.getClass().getMethod("scanByQueueAndPriority", long.class, priority);
    try (Stream<?> rows = (Stream<?>) leading.invoke(repo, 1L, levels[1])) {
      assertThat(rows.count()).isEqualTo(5);
    }
  }

  private static String invoke(Class<?> type, Object target, String accessor) {
    try {
      return (String) type.getMethod(accessor).invoke(target);
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
  }
}
