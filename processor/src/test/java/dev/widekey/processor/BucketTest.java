package dev.widekey.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.common.truth.Truth.assertWithMessage;
import static dev.widekey.processor.Fixtures.bad;
import static dev.widekey.processor.Fixtures.compile;
import static dev.widekey.processor.Fixtures.good;
import static dev.widekey.processor.Fixtures.warn;
import static dev.widekey.processor.RuleAssertions.assertError;
import static dev.widekey.processor.RuleAssertions.assertRejected;
import static dev.widekey.processor.RuleAssertions.assertWarning;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.widekey.core.Rule;
import dev.widekey.core.key.InvalidKeyException;
import dev.widekey.processor.diagnostics.Messages;
import dev.widekey.runtime.repository.SplitTableRepository;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import dev.widekey.runtime.store.fault.Seeds;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Stream;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code @Bucketed}: the rules (WK106: 2 to 1,024 buckets, a warning above 256, the leading
 * partition-key component only, never with a hash prefix or {@code @Reversed}; it cures WK102), and
 * the generated code on the embedded store: the bucket leads the stored text, point reads compute
 * it, range reads run one scan per bucket and merge them in key order, and pages resume after the
 * last entity.
 */
class BucketTest {
  @RegisterExtension final Seeds seeds = new Seeds();
  private final WideTableStore store = EmbeddedStore.inMemory();

  @AfterEach
  void close() {
    store.close();
  }

  // ---- rules ----

  @Test
  void oneBucketIsRefused() {
    JavaFileObject f = bad("wk106/BucketedOne");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(c, Rule.WK106, Messages.bucketCount(1), f, "buckets = 1)");
  }

  @Test
  void moreThan1024BucketsAreRefused() {
    JavaFileObject f = bad("wk106/BucketedTooMany");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(c, Rule.WK106, Messages.bucketCount(1025), f, "buckets = 1025)");
  }

  @Test
  void onlyTheLeadingComponentIsBucketed() {
    JavaFileObject f = bad("wk106/BucketedNotLeading");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK106,
        Messages.bucketedNotLeading("orderNumber", "region"),
        f,
        "@Bucketed(buckets = 16)");
  }

  @Test
  void aKeyColumnIsNotBucketed() {
    JavaFileObject f = bad("wk106/BucketedKeyColumn");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(
        c, Rule.WK106, Messages.bucketedNotPartition("orderNumber"), f, "@Bucketed(buckets = 16)");
  }

  @Test
  void bucketsAndAHashPrefixAreTwoScatters() {
    JavaFileObject f = bad("wk106/BucketedHashed");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK106,
        Messages.bucketedWithHashPrefix("orderNumber"),
        f,
        "@Bucketed(buckets = 16)");
  }

  @Test
  void bucketsAndReversedAreTwoScatters() {
    JavaFileObject f = bad("wk106/BucketedReversed");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(
        c, Rule.WK106, Messages.bucketedReversed("orderNumber"), f, "@Bucketed(buckets = 16)");
  }

  @Test
  void moreThan256BucketsCompileWithAFanOutWarning() {
    Compilation c = compile(JavaFileObjects.forResource("warned/BucketedWide.java"));

    assertThat(c.errors()).isEmpty();
    assertThat(c.warnings().stream().map(d -> d.getMessage(null)).toList())
        .contains(RuleAssertions.printed(Rule.WK106, Messages.bucketFanOut("orderNumber", 512)));
    assertThat(Messages.bucketFanOut("orderNumber", 512)).startsWith("WK106: ");
  }

  @Test
  void bucketsCureASequentialLeadingComponent() {
    // @Sequential long and an Instant lead their keys: no WK102
    assertThat(compile(good("BucketedOrder")).errors()).isEmpty();
    assertThat(compile(good("BucketedEvent")).errors()).isEmpty();
  }

  @Test
  void bucketsDoNotSpreadALeadingComponentOfFewValues() {
    JavaFileObject f = warn("BucketedFewValues");
    Compilation c = compile(f);

    assertThat(c.errors()).isEmpty();
    assertThat(c.warnings()).hasSize(1);
    String expected =
        Messages.fewValuesBucketed("region", Messages.Why.fewConstants("Region", 3), 3, 8);
    assertWarning(c, Rule.WK102, expected, f, "Region region");
    assertThat(expected).contains("fill at most 3 of its 8 buckets");
  }

  @Test
  void aBucketedLeadingComponentOfFewValuesMayOptOut() {
    Compilation c =
        compile(
            JavaFileObjects.forSourceString(
                "warn.IntendedRegions",
                """
                package warn;
                import dev.widekey.annotations.*;
                @WideTable(name = "intended_regions")
                public record IntendedRegions(
                    @PartitionKey @Bucketed(buckets = 4)
                        @NotSequential(reason = "three regions, each written by one batch job")
                        Region region,
                    @KeyColumn long saleNumber,
                    long amountCents) {
                  public enum Region { NORTH, SOUTH, EAST }
                }
                """));
    assertThat(c.errors()).isEmpty();
    assertThat(c.warnings()).isEmpty();
  }

  // ---- generated code ----

  @Test
  void theBucketLeadsTheStoredTextAndTheTableIsSplitAtBuckets() throws Exception {
    GeneratedClassLoader loader = new GeneratedClassLoader(compile(good("BucketedOrder")));
    Class<?> keys = loader.loadClass("good.BucketedOrderKeys");
    PrimaryKey key =
        (PrimaryKey)
            keys.getMethod("primaryKey", long.class, int.class).invoke(null, 1_000_000_037L, 2);
    // 1000000037 mod 16 = 5, then the number padded signed to 19 digits
    assertThat(key.get(0).asString()).isEqualTo("05" + "0000000001000000037");
    assertThat(key.get(1).asLong()).isEqualTo(2);
    assertThat(key.size()).isEqualTo(2);

    TableSpec spec =
        (TableSpec) loader.loadClass("good.BucketedOrderTable").getField("HOT").get(null);
    // Tablestore creates at most 10 partitions: 16 buckets grouped at 9 bucket boundaries
    assertThat(spec.splitPoints())
        .containsExactly(
            PkValue.ofString("01"),
            PkValue.ofString("03"),
            PkValue.ofString("04"),
            PkValue.ofString("06"),
            PkValue.ofString("08"),
            PkValue.ofString("09"),
            PkValue.ofString("11"),
            PkValue.ofString("12"),
            PkValue.ofString("14"))
        .inOrder();

    GeneratedClassLoader events = new GeneratedClassLoader(compile(good("BucketedEvent")));
    TableSpec eventSpec =
        (TableSpec) events.loadClass("good.BucketedEventTable").getField("HOT").get(null);
    // HBase: a region per bucket
    assertThat(eventSpec.splitPoints()).hasSize(7);
  }

  @Test
  void pointReadsRangeReadsAndPages() throws Exception {
    GeneratedClassLoader loader = new GeneratedClassLoader(compile(good("BucketedOrder")));
    Class<?> type = loader.loadClass("good.BucketedOrder");
    SplitTableRepository<Object> repo = repository(loader, "good.BucketedOrderRepository");
    for (long n = 0; n < 100; n++) {
      for (int line = 0; line < 2; line++) {
        repo.put(type.getConstructors()[0].newInstance(n, line, "c" + n));
      }
    }
    Method get = repo.getClass().getMethod("get", long.class, int.class);
    assertThat(((Optional<?>) get.invoke(repo, 42L, 1)).isPresent()).isTrue();
    assertThat(((Optional<?>) get.invoke(repo, 420L, 1)).isPresent()).isFalse();

    // the rows lie in 16 buckets, but a range read returns them in key order
    List<Long> numbers = numbers(type, scan(repo, "scanByOrderNumberBetween", 10L, 20L));
    List<Long> expected = new ArrayList<>();
    for (long n = 10; n < 20; n++) {
      expected.add(n);
      expected.add(n);
    }
    assertThat(numbers).isEqualTo(expected);
    assertThat(numbers(type, scan(repo, "scanByOrderNumberBetween", 10L, 20L, 3L)))
        .containsExactly(10L, 10L, 11L)
        .inOrder();
    // a single-bucket read: one order's lines
    assertThat(numbers(type, scan(repo, "scanByOrderNumber", 42L))).containsExactly(42L, 42L);

    // pages: each starts after the last entity of the one before
    List<Long> paged = new ArrayList<>();
    Object last = null;
    while (true) {
      List<Object> page =
          last == null
              ? scan(repo, "scanByOrderNumberBetween", 5L, 95L, 7L)
              : scanAfter(repo, type, last, 5L, 95L, 7L);
      if (page.isEmpty()) {
        break;
      }
      paged.addAll(numbers(type, page));
      last = page.get(page.size() - 1);
    }
    assertThat(paged).hasSize(180);
    assertThat(paged).isInOrder();
  }

  @Test
  void aKeyInTheWrongBucketDoesNotDecode() throws Exception {
    GeneratedClassLoader loader = new GeneratedClassLoader(compile(good("BucketedOrder")));
    Method decode =
        loader.loadClass("good.BucketedOrderKeys").getMethod("decode", PrimaryKey.class);
    // 37 is in bucket 5, not 6
    InvocationTargetException wrong =
        assertThrows(
            InvocationTargetException.class,
            () ->
                decode.invoke(
                    null,
                    PrimaryKey.of(
                        PkValue.ofString("06" + "0000000000000000037"), PkValue.ofInteger(0))));
    assertThat(wrong.getCause()).isInstanceOf(InvalidKeyException.class);
    assertThat(((InvalidKeyException) wrong.getCause()).rule()).isEqualTo("WK112");
    InvocationTargetException notABucket =
        assertThrows(
            InvocationTargetException.class,
            () ->
                decode.invoke(
                    null,
                    PrimaryKey.of(
                        PkValue.ofString("x5" + "0000000000000000037"), PkValue.ofInteger(0))));
    assertThat(((InvalidKeyException) notABucket.getCause()).rule()).isEqualTo("WK106");
  }

  @Test
  void instantsAndTextAreBucketedToo() throws Exception {
    GeneratedClassLoader loader =
        new GeneratedClassLoader(compile(good("BucketedEvent"), good("BucketedName")));
    Class<?> event = loader.loadClass("good.BucketedEvent");
    SplitTableRepository<Object> events = repository(loader, "good.BucketedEventRepository");
    Instant t0 = Instant.parse("2024-01-01T00:00:00Z");
    for (int i = 0; i < 40; i++) {
      events.put(event.getConstructors()[0].newInstance(t0.plusMillis(i), "s" + (i % 3), "p"));
    }
    List<Object> read = scan(events, "scanByAtBetween", t0.plusMillis(5), t0.plusMillis(25));
    assertThat(read).hasSize(20);
    List<Instant> ats = new ArrayList<>();
    for (Object e : read) {
      ats.add((Instant) event.getMethod("at").invoke(e));
    }
    assertThat(ats).isInOrder();
    assertThat(ats.get(0)).isEqualTo(t0.plusMillis(5));
    // a prefix fixing the bucketed component lies in one bucket
    assertThat(scan(events, "scanByAt", t0.plusMillis(7))).hasSize(1);

    Class<?> name = loader.loadClass("good.BucketedName");
    SplitTableRepository<Object> names = repository(loader, "good.BucketedNameRepository");
    for (String n : List.of("delta", "alpha", "echo", "charlie", "bravo", "foxtrot")) {
      names.put(name.getConstructors()[0].newInstance(n, 1L));
    }
    List<String> sorted = new ArrayList<>();
    for (Object e : scan(names, "scanByNameBetween", "b", "e")) {
      sorted.add((String) name.getMethod("name").invoke(e));
    }
    assertThat(sorted).containsExactly("bravo", "charlie", "delta").inOrder();
    List<String> descending = new ArrayList<>();
    for (Object e : scan(names, "scanByNameBetweenDescending", "b", "e")) {
      descending.add((String) name.getMethod("name").invoke(e));
    }
    assertThat(descending).containsExactly("delta", "charlie", "bravo").inOrder();
    List<Object> first = scan(names, "scanByNameBetweenDescending", "a", "z", 2L);
    assertThat(first).hasSize(2);
    List<String> rest = new ArrayList<>();
    for (Object e : scanAfterText(names, name, first.get(1), "a", "z", 10L)) {
      rest.add((String) name.getMethod("name").invoke(e));
    }
    assertThat(rest).containsExactly("delta", "charlie", "bravo", "alpha").inOrder();
  }

  /**
   * The property: random rows in 16 buckets, random ranges, limits and page sizes; every merged
   * read equals the sorted rows of the range, and paging with {@code ...After} returns them all
   * once.
   */
  @Test
  void mergedReadsEqualTheSortedFilteredRows() throws Exception {
    long seed = seeds.seed();
    Random random = new Random(seed);
    GeneratedClassLoader loader = new GeneratedClassLoader(compile(good("BucketedOrder")));
    Class<?> type = loader.loadClass("good.BucketedOrder");
    SplitTableRepository<Object> repo = repository(loader, "good.BucketedOrderRepository");
    TreeMap<List<Long>, Object> rows = new TreeMap<>(BucketTest::compareKeys);
    int count = 200 + random.nextInt(1500);
    for (int i = 0; i < count; i++) {
      long n = random.nextInt(4) == 0 ? -random.nextInt(300) : random.nextInt(3000);
      int line = random.nextInt(3);
      Object e = type.getConstructors()[0].newInstance(n, line, "c" + i);
      rows.put(List.of(n, (long) line), e);
    }
    repo.putAll(new ArrayList<>(rows.values()));
    for (int round = 0; round < 40; round++) {
      long from = random.nextInt(3400) - 350;
      long to = from + random.nextInt(800);
      List<List<Long>> expected = new ArrayList<>();
      for (List<Long> k : rows.keySet()) {
        if (k.get(0) >= from && k.get(0) < to) {
          expected.add(k);
        }
      }
      for (boolean descending : new boolean[] {false, true}) {
        // the descending twins return the same rows, greatest key first
        List<List<Long>> want = new ArrayList<>(expected);
        if (descending) {
          Collections.reverse(want);
        }
        String scan = "scanByOrderNumberBetween" + (descending ? "Descending" : "");
        String where =
            "seed " + seed + " round " + round + " " + scan + " [" + from + ", " + to + ")";
        assertWithMessage(where).that(keys(type, scan(repo, scan, from, to))).isEqualTo(want);
        long limit = random.nextInt(40);
        assertWithMessage(where + " limit " + limit)
            .that(keys(type, scan(repo, scan, from, to, limit)))
            .isEqualTo(want.subList(0, (int) Math.min(limit, want.size())));
        long page = 1 + random.nextInt(60);
        List<List<Long>> paged = new ArrayList<>();
        Object last = null;
        for (int guard = 0; guard <= want.size(); guard++) {
          List<Object> p =
              last == null
                  ? scan(repo, scan, from, to, page)
                  : scanAfter(repo, type, scan + "After", last, from, to, page);
          if (p.isEmpty()) {
            break;
          }
          paged.addAll(keys(type, p));
          last = p.get(p.size() - 1);
        }
        assertWithMessage(where + " pages of " + page).that(paged).isEqualTo(want);
      }
    }
  }

  private static int compareKeys(List<Long> a, List<Long> b) {
    return Comparator.<List<Long>, Long>comparing(k -> k.get(0))
        .thenComparing(k -> k.get(1))
        .compare(a, b);
  }

  private static List<List<Long>> keys(Class<?> type, List<Object> entities) throws Exception {
    List<List<Long>> out = new ArrayList<>();
    for (Object e : entities) {
      out.add(
          List.of(
              (Long) type.getMethod("orderNumber").invoke(e),
              (long) (Integer) type.getMethod("line").invoke(e)));
    }
    return out;
  }

  private static List<Long> numbers(Class<?> type, List<Object> entities) throws Exception {
    List<Long> out = new ArrayList<>();
    for (Object e : entities) {
      out.add((Long) type.getMethod("orderNumber").invoke(e));
    }
    return out;
  }

  private static List<Object> scan(Object repo, String method, Object... args) throws Exception {
    for (Method m : repo.getClass().getMethods()) {
      if (m.getName().equals(method) && m.getParameterCount() == args.length) {
        try (Stream<?> s = (Stream<?>) m.invoke(repo, args)) {
          return new ArrayList<>(s.toList());
        }
      }
    }
    throw new AssertionError("no method " + method + " with " + args.length + " parameters");
  }

  private static List<Object> scanAfter(
      Object repo, Class<?> type, Object last, long from, long to, long limit) throws Exception {
    return scanAfter(repo, type, "scanByOrderNumberBetweenAfter", last, from, to, limit);
  }

  private static List<Object> scanAfter(
      Object repo, Class<?> type, String method, Object last, long from, long to, long limit)
      throws Exception {
    Method m = repo.getClass().getMethod(method, type, long.class, long.class, long.class);
    try (Stream<?> s = (Stream<?>) m.invoke(repo, last, from, to, limit)) {
      return new ArrayList<>(s.toList());
    }
  }

  private static List<Object> scanAfterText(
      Object repo, Class<?> type, Object last, String from, String to, long limit)
      throws Exception {
    Method m =
        repo.getClass()
            .getMethod(
                "scanByNameBetweenDescendingAfter", type, String.class, String.class, long.class);
    try (Stream<?> s = (Stream<?>) m.invoke(repo, last, from, to, limit)) {
      return new ArrayList<>(s.toList());
    }
  }

  @SuppressWarnings("unchecked")
  private SplitTableRepository<Object> repository(ClassLoader loader, String name)
      throws Exception {
    SplitTableRepository<Object> repo =
        (SplitTableRepository<Object>)
            loader.loadClass(name).getConstructor(WideTableStore.class).newInstance(store);
    repo.createTables();
    return repo;
  }
}
