package dev.widekey.processor;

import static com.google.common.truth.Truth.assertWithMessage;
import static dev.widekey.processor.IndexQueryBehaviourTest.call;
import static dev.widekey.processor.IndexQueryBehaviourTest.chain;
import static dev.widekey.processor.IndexQueryBehaviourTest.rows;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import dev.widekey.core.store.Utf8;
import dev.widekey.runtime.query.ContinuationKey;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import dev.widekey.runtime.store.fault.Seeds;
import jakarta.data.Limit;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The generated query implementation of {@code query.Events}, over a {@code @TimeSharded} entity's
 * day tables on the embedded store: random events over several days (some deleted through the
 * interface), random windows ({@code since, until}) and bounds, limits and page chains, through the
 * primary key and index {@code by_kind}, equal the sorted filtered rows. Seeded; the seed is
 * printed on failure.
 */
class ShardedQueryBehaviourTest {
  @RegisterExtension final Seeds seeds = new Seeds();
  private final WideTableStore store = EmbeddedStore.inMemory();
  private static GeneratedClassLoader loader;

  private static final String[] DEVICES = {"d1", "d2"};
  private static final String[] KINDS = {"a", "b", "c"};
  private static final Instant BASE = Instant.parse("2026-11-01T00:00:00Z");

  @BeforeAll
  static void compileOnce() {
    Compilation c =
        Compiler.javac()
            .withProcessors(new WidekeyProcessor())
            .withOptions("-Xlint:all", "-Xlint:-processing")
            .compile(
                JavaFileObjects.forResource("query/Event.java"),
                JavaFileObjects.forResource("query/Events.java"));
    loader = new GeneratedClassLoader(c);
  }

  @AfterEach
  void close() {
    store.close();
  }

  private record E(String device, Instant at, long sequence, String kind, Object entity) {}

  private static final Comparator<E> KEY =
      Comparator.<E, String>comparing(E::device, Utf8::compare)
          .thenComparing(E::at)
          .thenComparingLong(E::sequence);

  private static final Comparator<E> BY_KIND = Comparator.comparing(E::at).thenComparing(KEY);

  private static Instant time(Random random) {
    return switch (random.nextInt(10)) {
      case 0 -> random.nextBoolean() ? Instant.MIN : Instant.MAX;
      case 1 -> BASE.minus(Duration.ofHours(random.nextInt(48)));
      default -> BASE.plus(Duration.ofMinutes(random.nextInt(6 * 24 * 60 / 30) * 30L));
    };
  }

  @Test
  void windowQueriesEqualTheSortedFilteredRows() throws Exception {
    long seed = seeds.seed();
    Random random = new Random(seed);
    Class<?> event = loader.loadClass("query.Event");
    Class<?> repoType = loader.loadClass("query.EventShardedRepository");
    Object repo = repoType.getConstructor(WideTableStore.class).newInstance(store);
    byte[] secret = new byte[40];
    random.nextBytes(secret);
    call(repo, "allowingBackfill", BASE.minus(Duration.ofDays(3)), BASE.plus(Duration.ofDays(9)));
    call(repo, "withContinuationKey", ContinuationKey.of(secret));
    Object events = loader.loadClass("query.Events_").getConstructor(repoType).newInstance(repo);

    Map<List<Object>, E> byKey = new HashMap<>();
    int n = 30 + random.nextInt(150);
    for (int i = 0; i < n; i++) {
      String device = DEVICES[random.nextInt(DEVICES.length)];
      Instant at = BASE.plus(Duration.ofMinutes(random.nextInt(6 * 24 * 4) * 15L));
      long sequence = random.nextInt(3);
      String kind = KINDS[random.nextInt(KINDS.length)];
      Object e = event.getConstructors()[0].newInstance(device, at, sequence, kind, (long) i);
      call(events, "save", e);
      byKey.put(List.of(device, at, sequence), new E(device, at, sequence, kind, e));
    }
    List<E> written = new ArrayList<>(byKey.values());
    written.sort(KEY);
    for (E e : written) {
      if (random.nextInt(8) == 0) {
        call(events, "remove", e.entity());
        byKey.remove(List.of(e.device(), e.at(), e.sequence()));
      }
    }
    List<E> all = new ArrayList<>(byKey.values());
    long matched = 0;

    for (int round = 0; round < 30; round++) {
      Instant since = time(random);
      Instant until = random.nextInt(3) == 0 ? time(random) : later(since, random);
      Instant from = time(random);
      Instant to = random.nextBoolean() ? time(random) : later(from, random);
      String device = DEVICES[random.nextInt(DEVICES.length)];
      String kind = KINDS[random.nextInt(KINDS.length)];
      int limit = 1 + random.nextInt(10);
      String where =
          "seed "
              + seed
              + " round "
              + round
              + " window ["
              + since
              + ", "
              + until
              + ") bounds ["
              + from
              + ", "
              + to
              + "] "
              + device
              + " "
              + kind
              + " limit "
              + limit;
      Predicate<E> inWindow = e -> !e.at().isBefore(since) && e.at().isBefore(until);
      List<E> ofDevice =
          all.stream().filter(e -> e.device().equals(device)).filter(inWindow).sorted(KEY).toList();
      matched += ofDevice.size();

      check(where, ofDevice, rows(call(events, "findByDeviceId", device, since, until)));
      check(
          where + " desc",
          reversed(ofDevice),
          rows(call(events, "findByDeviceIdOrderByAtDesc", device, since, until)));
      List<E> between = where(ofDevice, e -> !e.at().isBefore(from) && !e.at().isAfter(to));
      check(
          where + " between",
          between,
          rows(call(events, "findByDeviceIdAndAtBetween", device, from, to, since, until)));
      check(
          where + " count",
          (long) between.size(),
          call(events, "countByDeviceIdAndAtBetween", device, from, to, since, until));
      check(
          where + " exists",
          !ofDevice.isEmpty(),
          call(events, "existsByDeviceId", device, since, until));
      List<E> above = reversed(where(ofDevice, e -> e.at().isAfter(from)));
      check(
          where + " gt desc",
          above.subList(0, Math.min(limit, above.size())),
          rows(
              call(
                  events,
                  "findByDeviceIdAndAtGreaterThanOrderByAtDesc",
                  device,
                  from,
                  since,
                  until,
                  Limit.of(limit))));
      check(
          where + " pages",
          ofDevice,
          chain(r -> call(events, "findByDeviceId", device, since, until, r), limit));
      check(
          where + " lte pages desc",
          reversed(where(ofDevice, e -> !e.at().isAfter(to))),
          chain(
              r ->
                  call(
                      events,
                      "findByDeviceIdAndAtLessThanEqualOrderByAtDesc",
                      device,
                      to,
                      since,
                      until,
                      r),
              limit));

      List<E> ofKind =
          all.stream().filter(e -> e.kind().equals(kind)).filter(inWindow).sorted(BY_KIND).toList();
      check(where + " index", ofKind, rows(call(events, "findByKind", kind, since, until)));
      check(
          where + " index count",
          (long) ofKind.size(),
          call(events, "countByKind", kind, since, until));
      check(
          where + " index between desc",
          reversed(where(ofKind, e -> !e.at().isBefore(from) && !e.at().isAfter(to))),
          rows(call(events, "findByKindAndAtBetweenOrderByAtDesc", kind, from, to, since, until)));
    }
    assertWithMessage("seed " + seed + ": rows matched").that(matched).isGreaterThan(0L);
  }

  private static Instant later(Instant t, Random random) {
    if (t.equals(Instant.MAX) || t.equals(Instant.MIN)) {
      return Instant.MAX;
    }
    return t.plus(Duration.ofHours(random.nextInt(72)));
  }

  private static void check(String where, List<E> expected, List<Object> actual) {
    assertWithMessage(where)
        .that(actual)
        .containsExactlyElementsIn(expected.stream().map(E::entity).toList())
        .inOrder();
  }

  private static void check(String where, Object expected, Object actual) {
    assertWithMessage(where).that(actual).isEqualTo(expected);
  }

  private static List<E> where(List<E> rows, Predicate<E> p) {
    return rows.stream().filter(p).toList();
  }

  private static List<E> reversed(List<E> rows) {
    List<E> r = new ArrayList<>(rows);
    Collections.reverse(r);
    return r;
  }
}
