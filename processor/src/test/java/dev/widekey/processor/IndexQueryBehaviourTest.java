package dev.widekey.processor;

import static com.google.common.truth.Truth.assertWithMessage;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import dev.widekey.core.store.Utf8;
import dev.widekey.runtime.query.ContinuationKey;
import dev.widekey.runtime.query.InvalidContinuationException;
import dev.widekey.runtime.repository.SplitTableRepository;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import dev.widekey.runtime.store.fault.Seeds;
import jakarta.data.Limit;
import jakarta.data.page.CursoredPage;
import jakarta.data.page.PageRequest;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.UUID;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The generated query implementation of {@code query.Tasks} on the embedded store, through index
 * {@code by_owner} and through the primary key: random rows (some rewritten with new indexed
 * values, some with no due time and so in no index row), random bounds of every comparison, random
 * limits and page chains continued from their tokens ({@code PageRequest.Cursor.forKey}), both
 * directions, equal the sorted filtered rows; counts and exists equal their sizes. Seeded; the seed
 * is printed on failure.
 */
class IndexQueryBehaviourTest {
  @RegisterExtension final Seeds seeds = new Seeds();
  private final WideTableStore store = EmbeddedStore.inMemory();
  private static GeneratedClassLoader loader;

  private static final String[] PROJECTS = {"p1", "p2", "q"};
  private static final String[] OWNERS = {"ann", "bob", "cy"};
  private static final Instant BASE = Instant.parse("2026-11-01T00:00:00Z");

  @BeforeAll
  static void compileOnce() {
    Compilation c =
        Compiler.javac()
            .withProcessors(new WidekeyProcessor())
            .withOptions("-Xlint:all", "-Xlint:-processing")
            .compile(
                JavaFileObjects.forResource("query/Task.java"),
                JavaFileObjects.forResource("query/Tasks.java"));
    loader = new GeneratedClassLoader(c);
  }

  @AfterEach
  void close() {
    store.close();
  }

  /** A task as the test sees it. */
  private record T(
      String project, long number, UUID ref, String owner, Instant due, Object entity) {}

  private static final Comparator<T> PRIMARY_KEY =
      Comparator.<T, String>comparing(T::project, Utf8::compare)
          .thenComparingLong(T::number)
          .thenComparing(T::ref, IndexQueryBehaviourTest::unsignedUuid);

  /** Index order within one owner: the due time, then the row's primary key. */
  private static final Comparator<T> INDEX =
      Comparator.comparing(T::due).thenComparing(PRIMARY_KEY);

  private static int unsignedUuid(UUID a, UUID b) {
    int c = Long.compareUnsigned(a.getMostSignificantBits(), b.getMostSignificantBits());
    return c != 0
        ? c
        : Long.compareUnsigned(a.getLeastSignificantBits(), b.getLeastSignificantBits());
  }

  private static UUID uuid(Random random) {
    return new UUID(random.nextLong(), random.nextLong());
  }

  private static Instant due(Random random) {
    return BASE.plusMillis(random.nextInt(40) * 250L);
  }

  /** A bound: a stored due, one next to it, between two milliseconds, or beyond every value. */
  private static Instant bound(Random random) {
    return switch (random.nextInt(8)) {
      case 0 -> BASE.plusMillis(random.nextInt(40) * 250L + 1);
      case 1 -> BASE.plusMillis(random.nextInt(40) * 250L).minusNanos(500_000);
      case 2 -> random.nextBoolean() ? Instant.MAX : Instant.MIN;
      case 3 -> BASE.minusSeconds(5);
      default -> due(random);
    };
  }

  @Test
  void indexAndPrimaryKeyQueriesEqualTheSortedFilteredRows() throws Exception {
    long seed = seeds.seed();
    Random random = new Random(seed);
    Class<?> task = loader.loadClass("query.Task");
    @SuppressWarnings("unchecked")
    SplitTableRepository<Object> repo =
        (SplitTableRepository<Object>)
            loader
                .loadClass("query.TaskRepository")
                .getConstructor(WideTableStore.class)
                .newInstance(store);
    repo.createTables();
    byte[] secret = new byte[32];
    random.nextBytes(secret);
    repo.withContinuationKey(ContinuationKey.of(secret));
    Object tasks =
        loader.loadClass("query.Tasks_").getConstructor(repo.getClass()).newInstance(repo);

    Map<List<Object>, T> byKey = new HashMap<>();
    int n = 40 + random.nextInt(200);
    for (int i = 0; i < n; i++) {
      String project = PROJECTS[random.nextInt(PROJECTS.length)];
      long number = random.nextInt(30);
      UUID ref = random.nextInt(3) == 0 ? new UUID(0, random.nextInt(4)) : uuid(random);
      put(repo, task, byKey, project, number, ref, random);
    }
    // rewrite some with new indexed values: their old index rows are stale and must not be read
    List<T> written = new ArrayList<>(byKey.values());
    written.sort(PRIMARY_KEY);
    for (T t : written) {
      if (random.nextInt(4) == 0) {
        put(repo, task, byKey, t.project(), t.number(), t.ref(), random);
      }
    }
    List<T> all = new ArrayList<>(byKey.values());
    long matched = 0;
    long multiPage = 0;

    for (int round = 0; round < 40; round++) {
      String owner = OWNERS[random.nextInt(OWNERS.length)];
      Instant from = bound(random);
      Instant to =
          random.nextInt(4) == 0
              ? bound(random)
              : from.isAfter(Instant.MAX.minusSeconds(20))
                  ? from
                  : from.plusMillis(random.nextInt(5000));
      int limit = 1 + random.nextInt(12);
      String where =
          "seed "
              + seed
              + " round "
              + round
              + " "
              + owner
              + " ["
              + from
              + ", "
              + to
              + "] limit "
              + limit;
      List<T> ofOwner =
          all.stream()
              .filter(t -> owner.equals(t.owner()) && t.due() != null)
              .sorted(INDEX)
              .toList();

      check(where, ofOwner, rows(call(tasks, "findByOwner", owner)));
      check(where, reversed(ofOwner), rows(call(tasks, "findByOwnerOrderByDueDesc", owner)));
      check(where, ofOwner.size(), (long) (int) call(tasks, "countByOwner", owner));

      List<T> between = where(ofOwner, t -> !t.due().isBefore(from) && !t.due().isAfter(to));
      matched += between.size();
      multiPage += between.size() > limit ? 1 : 0;
      check(
          where + " between",
          first(between, limit),
          rows(call(tasks, "findByOwnerAndDueBetween", owner, from, to, Limit.of(limit))));
      check(
          where + " between desc",
          first(reversed(between), limit),
          rows(
              call(
                  tasks,
                  "findByOwnerAndDueBetweenOrderByDueDesc",
                  owner,
                  from,
                  to,
                  Limit.of(limit))));
      check(
          where + " count",
          between.size(),
          (long) call(tasks, "countByOwnerAndDueBetween", owner, from, to));

      List<T> above = where(ofOwner, t -> t.due().isAfter(from));
      check(
          where + " gt",
          first(above, limit),
          rows(call(tasks, "findByOwnerAndDueGreaterThan", owner, from, Limit.of(limit))));
      check(
          where + " exists",
          !above.isEmpty(),
          call(tasks, "existsByOwnerAndDueGreaterThan", owner, from));
      List<T> atLeast = where(ofOwner, t -> !t.due().isBefore(from));
      check(
          where + " gte desc",
          first(reversed(atLeast), limit),
          rows(
              call(
                  tasks,
                  "findByOwnerAndDueGreaterThanEqualOrderByDueDesc",
                  owner,
                  from,
                  Limit.of(limit))));
      List<T> below = where(ofOwner, t -> t.due().isBefore(to));
      check(
          where + " lt",
          first(below, limit),
          rows(call(tasks, "findByOwnerAndDueLessThan", owner, to, Limit.of(limit))));
      List<T> atMost = where(ofOwner, t -> !t.due().isAfter(to));
      check(
          where + " lte desc",
          first(reversed(atMost), limit),
          rows(
              call(
                  tasks,
                  "findByOwnerAndDueLessThanEqualOrderByDueDesc",
                  owner,
                  to,
                  Limit.of(limit))));
      check(
          where + " first",
          first(reversed(ofOwner), 1),
          rows(call(tasks, "findFirstByOwnerOrderByDueDesc", owner)));

      // page chains, each continued from its token alone
      check(
          where + " pages",
          between,
          chain(
              request -> call(tasks, "findByOwnerAndDueBetween", owner, from, to, request), limit));
      check(
          where + " pages desc",
          reversed(between),
          chain(
              request ->
                  call(tasks, "findByOwnerAndDueBetweenOrderByDueDesc", owner, from, to, request),
              limit));
      check(
          where + " owner pages",
          ofOwner,
          chain(request -> call(tasks, "findByOwner", owner, request), limit));

      // through the primary key: a padded number with bounds in and beyond its 4 digits
      String project = PROJECTS[random.nextInt(PROJECTS.length)];
      long lo = random.nextInt(40) - 5;
      long hi = random.nextInt(4) == 0 ? 10_000 + random.nextInt(5) : lo + random.nextInt(20) - 3;
      String pk = where + " project " + project + " [" + lo + ", " + hi + "]";
      List<T> ofProject =
          all.stream().filter(t -> t.project().equals(project)).sorted(PRIMARY_KEY).toList();
      List<T> numbers = where(ofProject, t -> t.number() >= lo && t.number() <= hi);
      check(pk, numbers, rows(call(tasks, "findByProjectAndNumberBetween", project, lo, hi)));
      check(
          pk + " gt desc",
          reversed(where(ofProject, t -> t.number() > lo)),
          rows(call(tasks, "findByProjectAndNumberGreaterThanOrderByNumberDesc", project, lo)));
      check(
          pk + " lte",
          where(ofProject, t -> t.number() <= hi),
          rows(call(tasks, "findByProjectAndNumberLessThanEqual", project, hi)));
      check(
          pk + " count",
          (long) where(ofProject, t -> t.number() >= lo).size(),
          call(tasks, "countByProjectAndNumberGreaterThanEqual", project, lo));
      check(pk + " exists", !ofProject.isEmpty(), call(tasks, "existsByProject", project));
      // a UUID key column bounds in its stored order: unsigned, most significant bits first
      long number = random.nextInt(30);
      UUID ref = random.nextBoolean() ? uuid(random) : new UUID(0, random.nextInt(4));
      check(
          pk + " uuid >= " + ref,
          where(ofProject, t -> t.number() == number && unsignedUuid(t.ref(), ref) >= 0),
          rows(call(tasks, "findByProjectAndNumberAndRefGreaterThanEqual", project, number, ref)));
      check(
          pk + " pages",
          ofProject,
          chain(request -> call(tasks, "findByProject", project, request), limit));
      check(
          pk + " pages desc",
          reversed(numbers),
          chain(
              request ->
                  call(
                      tasks,
                      "findByProjectAndNumberBetweenOrderByNumberDesc",
                      project,
                      lo,
                      hi,
                      request),
              limit));
    }

    // the random bounds did select rows, and page chains of several pages
    assertWithMessage("seed " + seed + ": rows matched").that(matched).isGreaterThan(0L);
    assertWithMessage("seed " + seed + ": chains of several pages")
        .that(multiPage)
        .isGreaterThan(0L);

    // a token is bound to its query method: another method refuses it, reading nothing
    String owner = OWNERS[0];
    CursoredPage<?> page =
        (CursoredPage<?>) call(tasks, "findByOwner", owner, PageRequest.ofSize(1));
    if (page.hasNext()) {
      String token = (String) page.nextPageRequest().cursor().orElseThrow().get(0);
      PageRequest next = PageRequest.afterCursor(PageRequest.Cursor.forKey(token), 2, 1, false);
      assertThrows(
          InvalidContinuationException.class,
          () -> call(tasks, "findByOwnerAndDueBetween", owner, Instant.MIN, Instant.MAX, next));
    }
  }

  private static void put(
      SplitTableRepository<Object> repo,
      Class<?> task,
      Map<List<Object>, T> byKey,
      String project,
      long number,
      UUID ref,
      Random random)
      throws Exception {
    String owner = OWNERS[random.nextInt(OWNERS.length)];
    Instant due = random.nextInt(10) == 0 ? null : due(random);
    Object e =
        task.getConstructors()[0].newInstance(
            project, number, ref, owner, due, (long) random.nextInt(100));
    call(repo, "put", e);
    byKey.put(List.of(project, number, ref), new T(project, number, ref, owner, due, e));
  }

  interface Page {
    Object read(PageRequest request) throws Exception;
  }

  /** Every page of a query, the next read from the previous page's token alone. */
  static List<Object> chain(Page query, int size) throws Exception {
    List<Object> out = new ArrayList<>();
    PageRequest request = PageRequest.ofSize(size);
    for (int pages = 0; pages < 1000; pages++) {
      CursoredPage<?> page = (CursoredPage<?>) query.read(request);
      assertWithMessage("page size").that(page.content().size()).isAtMost(size);
      out.addAll(page.content());
      if (!page.hasNext()) {
        return out;
      }
      String token = (String) page.nextPageRequest().cursor().orElseThrow().get(0);
      request = PageRequest.afterCursor(PageRequest.Cursor.forKey(token), pages + 2, size, false);
    }
    throw new AssertionError("more than 1000 pages");
  }

  private static void check(String where, List<T> expected, List<Object> actual) {
    assertWithMessage(where)
        .that(actual)
        .containsExactlyElementsIn(expected.stream().map(T::entity).toList())
        .inOrder();
  }

  private static void check(String where, Object expected, Object actual) {
    assertWithMessage(where).that(actual).isEqualTo(expected);
  }

  private static List<T> where(List<T> rows, Predicate<T> p) {
    return rows.stream().filter(p).toList();
  }

  private static List<T> first(List<T> rows, int n) {
    return rows.subList(0, Math.min(n, rows.size()));
  }

  private static List<T> reversed(List<T> rows) {
    List<T> r = new ArrayList<>(rows);
    Collections.reverse(r);
    return r;
  }

  /** Calls the public method of this name whose parameters take these arguments. */
  static Object call(Object target, String name, Object... args) throws Exception {
    for (Method m : target.getClass().getMethods()) {
      if (m.getName().equals(name) && m.getParameterCount() == args.length && fits(m, args)) {
        try {
          return m.invoke(target, args);
        } catch (InvocationTargetException e) {
          if (e.getCause() instanceof RuntimeException r) {
            throw r;
          }
          throw e;
        }
      }
    }
    throw new NoSuchMethodException(name);
  }

  private static boolean fits(Method m, Object[] args) {
    Class<?>[] types = m.getParameterTypes();
    for (int i = 0; i < args.length; i++) {
      Class<?> t = types[i];
      if (t == long.class) {
        t = Long.class;
      } else if (t == int.class) {
        t = Integer.class;
      }
      if (args[i] != null && !t.isInstance(args[i])) {
        return false;
      }
    }
    return true;
  }

  @SuppressWarnings("unchecked")
  static List<Object> rows(Object result) {
    if (result instanceof Stream<?> s) {
      try (s) {
        return new ArrayList<>(s.toList());
      }
    }
    if (result instanceof Optional<?> o) {
      return o.<List<Object>>map(List::of).orElse(List.of());
    }
    return new ArrayList<>((Collection<Object>) result);
  }
}
