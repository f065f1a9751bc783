package dev.widekey.store.tck.pages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.runtime.query.Bounds;
import dev.widekey.runtime.query.ContinuationKey;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import dev.widekey.runtime.store.fault.Seeds;
import dev.widekey.store.tck.entities.BoundedEvent;
import dev.widekey.store.tck.entities.BoundedEventKeys;
import dev.widekey.store.tck.entities.BoundedEventRepository;
import dev.widekey.store.tck.entities.BucketedName;
import dev.widekey.store.tck.entities.BucketedNameRepository;
import dev.widekey.store.tck.entities.BucketedReading;
import dev.widekey.store.tck.entities.BucketedReadingRepository;
import dev.widekey.store.tck.entities.ShardedBucketedReading;
import dev.widekey.store.tck.entities.ShardedBucketedReadingShardedRepository;
import dev.widekey.store.tck.entities.ShardedPurchase;
import dev.widekey.store.tck.entities.ShardedPurchaseShardedRepository;
import jakarta.data.page.CursoredPage;
import jakarta.data.page.PageRequest;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Property tests of bounds, pages and counts on the embedded store: random rows, random bounds
 * (open, exclusive, and values the key column cannot hold), random page sizes and token chains
 * (some passed through a browser as {@code Cursor.forKey(token)}): every scan, page chain and count
 * equals the stored rows whose values satisfy the bounds, sorted as the query orders them.
 */
class BoundsAndPagesTest {
  @RegisterExtension final Seeds seeds = new Seeds();

  static final ContinuationKey KEY =
      ContinuationKey.of("0123456789abcdef0123456789abcdef".getBytes());
  private static final int ROUNDS = 40;

  private EmbeddedStore store;

  @BeforeEach
  void open() {
    store = EmbeddedStore.inMemory();
  }

  @AfterEach
  void close() {
    store.close();
  }

  // ------------------------------------------------------------------ primary-key bounds

  @Test
  void primaryKeyBoundsOverEveryColumnKind() {
    Random r = new Random(seeds.seed());
    BoundedEventRepository events = new BoundedEventRepository(store).withContinuationKey(KEY);
    events.createTables();
    Map<PrimaryKey, BoundedEvent> rows = new LinkedHashMap<>();
    for (int i = 0; i < 150; i++) {
      BoundedEvent e =
          new BoundedEvent(
              r.nextBoolean() ? "a" : "b",
              r.nextInt(10) == 0 ? 999 : r.nextInt(8),
              instant(r),
              text(r, "abcde", 1 + r.nextInt(3)),
              i);
      rows.put(BoundedEventKeys.primaryKey(e), e);
      events.put(e);
    }
    List<BoundedEvent> all = sortedByKey(rows);
    for (int round = 0; round < ROUNDS; round++) {
      String stream = r.nextBoolean() ? "a" : "b";
      // seq: a padded key column of 3 digits; bounds past 999 or below 0 included
      Bounds<Long> seq = bounds(r, () -> longValue(r, -3, 12, 998, 999, 1000, 5_000));
      List<BoundedEvent> expected =
          all.stream()
              .filter(e -> e.stream().equals(stream) && within(seq, e.seq(), Long::compare))
              .toList();
      check(
          expected,
          d ->
              d
                  ? events.scanByStreamAndSeqWithinDescending(stream, seq)
                  : events.scanByStreamAndSeqWithin(stream, seq),
          (d, p) ->
              d
                  ? events.pageByStreamAndSeqWithinDescending(stream, seq, p)
                  : events.pageByStreamAndSeqWithin(stream, seq, p),
          events.countByStreamAndSeqWithin(stream, seq),
          events.existsByStreamAndSeqWithin(stream, seq),
          r,
          "seq " + seq);

      // at: a descending instant column; sub-millisecond and unholdable instants included
      BoundedEvent pick = all.get(r.nextInt(all.size()));
      Bounds<Instant> at = bounds(r, () -> instantBound(r));
      List<BoundedEvent> expectedAt =
          all.stream()
              .filter(
                  e ->
                      e.stream().equals(pick.stream())
                          && e.seq() == pick.seq()
                          && within(at, e.at(), Instant::compareTo))
              .toList();
      check(
          expectedAt,
          d ->
              d
                  ? events.scanByStreamAndSeqAndAtWithinDescending(pick.stream(), pick.seq(), at)
                  : events.scanByStreamAndSeqAndAtWithin(pick.stream(), pick.seq(), at),
          (d, p) ->
              d
                  ? events.pageByStreamAndSeqAndAtWithinDescending(pick.stream(), pick.seq(), at, p)
                  : events.pageByStreamAndSeqAndAtWithin(pick.stream(), pick.seq(), at, p),
          events.countByStreamAndSeqAndAtWithin(pick.stream(), pick.seq(), at),
          events.existsByStreamAndSeqAndAtWithin(pick.stream(), pick.seq(), at),
          r,
          "at " + at);

      // tag: outside the alphabet, over the length, empty
      Bounds<String> tag = bounds(r, () -> text(r, "abcdeA{`\u00e9z", r.nextInt(6)));
      List<BoundedEvent> expectedTag =
          all.stream()
              .filter(
                  e ->
                      e.stream().equals(pick.stream())
                          && e.seq() == pick.seq()
                          && e.at().equals(pick.at())
                          && within(tag, e.tag(), BoundsAndPagesTest::codePoints))
              .toList();
      check(
          expectedTag,
          d ->
              d
                  ? events.scanByStreamAndSeqAndAtAndTagWithinDescending(
                      pick.stream(), pick.seq(), pick.at(), tag)
                  : events.scanByStreamAndSeqAndAtAndTagWithin(
                      pick.stream(), pick.seq(), pick.at(), tag),
          (d, p) ->
              d
                  ? events.pageByStreamAndSeqAndAtAndTagWithinDescending(
                      pick.stream(), pick.seq(), pick.at(), tag, p)
                  : events.pageByStreamAndSeqAndAtAndTagWithin(
                      pick.stream(), pick.seq(), pick.at(), tag, p),
          events.countByStreamAndSeqAndAtAndTagWithin(pick.stream(), pick.seq(), pick.at(), tag),
          events.existsByStreamAndSeqAndAtAndTagWithin(pick.stream(), pick.seq(), pick.at(), tag),
          r,
          "tag " + tag);
    }
    // the leading scans and the whole table page too
    check(
        all.stream().filter(e -> e.stream().equals("a")).toList(),
        d -> d ? events.scanByStreamDescending("a") : events.scanByStream("a"),
        (d, p) -> d ? events.pageByStreamDescending("a", p) : events.pageByStream("a", p),
        events.countByStream("a"),
        events.existsByStream("a"),
        r,
        "stream a");
    check(
        all,
        d -> d ? events.scanAllDescending() : events.scanAll(),
        (d, p) -> d ? events.pageAllDescending(p) : events.pageAll(p),
        events.countAll(),
        !all.isEmpty(),
        r,
        "all");
  }

  // ------------------------------------------------------------------ bucketed merged scans

  @Test
  void bucketedNumbersMergedWithinBounds() {
    Random r = new Random(seeds.seed());
    BucketedReadingRepository readings =
        new BucketedReadingRepository(store).withContinuationKey(KEY);
    readings.createTables();
    List<BucketedReading> all = new ArrayList<>();
    Map<String, BucketedReading> byKey = new LinkedHashMap<>();
    for (int i = 0; i < 200; i++) {
      long t =
          r.nextInt(20) == 0
              ? (r.nextBoolean() ? Long.MIN_VALUE : Long.MAX_VALUE)
              : r.nextInt(60) - 20;
      BucketedReading x = new BucketedReading(t, text(r, "abc", 1), i);
      byKey.put(t + "/" + x.sensor(), x);
      readings.put(x);
    }
    all.addAll(byKey.values());
    all.sort(
        Comparator.comparingLong(BucketedReading::timestamp)
            .thenComparing(BucketedReading::sensor, BoundsAndPagesTest::codePoints));
    for (int round = 0; round < ROUNDS; round++) {
      Bounds<Long> b =
          bounds(
              r,
              () ->
                  longValue(
                      r,
                      -25,
                      45,
                      Long.MIN_VALUE,
                      Long.MIN_VALUE + 1,
                      Long.MAX_VALUE - 1,
                      Long.MAX_VALUE));
      List<BucketedReading> expected =
          all.stream().filter(x -> within(b, x.timestamp(), Long::compare)).toList();
      check(
          expected,
          d -> d ? readings.scanByTimestampWithinDescending(b) : readings.scanByTimestampWithin(b),
          (d, p) ->
              d
                  ? readings.pageByTimestampWithinDescending(b, p)
                  : readings.pageByTimestampWithin(b, p),
          readings.countByTimestampWithin(b),
          readings.existsByTimestampWithin(b),
          r,
          "timestamp " + b);
    }
  }

  @Test
  void bucketedSplicedTextWithinBounds() {
    Random r = new Random(seeds.seed());
    BucketedNameRepository names = new BucketedNameRepository(store).withContinuationKey(KEY);
    names.createTables();
    Map<String, BucketedName> byKey = new LinkedHashMap<>();
    for (int i = 0; i < 150; i++) {
      BucketedName n =
          new BucketedName(text(r, "abcd", 1 + r.nextInt(3)), text(r, "a1", 1 + r.nextInt(2)), i);
      byKey.put(n.name() + "," + n.part(), n);
      names.put(n);
    }
    List<BucketedName> all = new ArrayList<>(byKey.values());
    all.sort(
        Comparator.comparing(BucketedName::name, BoundsAndPagesTest::codePoints)
            .thenComparing(BucketedName::part, BoundsAndPagesTest::codePoints));
    for (int round = 0; round < ROUNDS; round++) {
      // the delimiter ',' and characters around it, outside the alphabet, over the length
      Bounds<String> b = bounds(r, () -> text(r, "abcde,+-A\u00e9\u0000", r.nextInt(6)));
      List<BucketedName> expected =
          all.stream().filter(n -> within(b, n.name(), BoundsAndPagesTest::codePoints)).toList();
      check(
          expected,
          d -> d ? names.scanByNameWithinDescending(b) : names.scanByNameWithin(b),
          (d, p) -> d ? names.pageByNameWithinDescending(b, p) : names.pageByNameWithin(b, p),
          names.countByNameWithin(b),
          names.existsByNameWithin(b),
          r,
          "name " + b);
    }
  }

  // ------------------------------------------------------------------ time-sharded windows

  @Test
  void timeShardedWindowPages() {
    Random r = new Random(seeds.seed());
    for (String table : store.listTables("gen_purchases_")) {
      store.deleteTable(table);
    }
    ShardedPurchaseShardedRepository purchases =
        new ShardedPurchaseShardedRepository(store)
            .withClock(Clock.fixed(Instant.parse("2026-12-01T12:00:00Z"), ZoneOffset.UTC))
            .allowingBackfill(
                Instant.parse("2026-01-01T00:00:00Z"), Instant.parse("2027-02-01T00:00:00Z"))
            .withContinuationKey(KEY);
    Instant first = Instant.parse("2026-09-01T00:00:00Z");
    long span = Instant.parse("2027-02-01T00:00:00Z").getEpochSecond() - first.getEpochSecond();
    // one row per key and month: a key may be stored in several months
    Map<String, ShardedPurchase> stored = new LinkedHashMap<>();
    for (int i = 0; i < 150; i++) {
      Instant placed = first.plusSeconds((long) (r.nextDouble() * span));
      ShardedPurchase p =
          new ShardedPurchase(
              r.nextBoolean() ? "c1" : "c2", r.nextInt(15), placed, new BigDecimal("1.25"), null);
      purchases.put(p);
      stored.put(p.customerId() + "/" + p.purchaseId() + "/" + month(placed), p);
    }
    List<ShardedPurchase> all = new ArrayList<>(stored.values());
    all.sort(
        Comparator.comparing(ShardedPurchase::customerId)
            .thenComparingLong(ShardedPurchase::purchaseId)
            .thenComparing(p -> month(p.placedAt())));
    for (int round = 0; round < ROUNDS; round++) {
      String customer = r.nextBoolean() ? "c1" : "c2";
      Bounds<Long> ids = bounds(r, () -> longValue(r, -2, 17, Long.MIN_VALUE, Long.MAX_VALUE));
      Instant since = first.minusSeconds(86_400L * 40).plusSeconds((long) (r.nextDouble() * span));
      Instant until = since.plusSeconds((long) (r.nextDouble() * span));
      if (r.nextInt(8) == 0) {
        since = Instant.MIN;
        until = Instant.MAX;
      }
      Instant from = since;
      Instant to = until;
      List<ShardedPurchase> expected =
          all.stream()
              .filter(
                  p ->
                      p.customerId().equals(customer)
                          && within(ids, p.purchaseId(), Long::compare)
                          && !p.placedAt().isBefore(from)
                          && p.placedAt().isBefore(to))
              .toList();
      check(
          expected,
          null,
          (d, p) ->
              d
                  ? purchases.pageByCustomerIdAndPurchaseIdWithinDescending(
                      customer, ids, from, to, p)
                  : purchases.pageByCustomerIdAndPurchaseIdWithin(customer, ids, from, to, p),
          purchases.countByCustomerIdAndPurchaseIdWithin(customer, ids, from, to),
          purchases.existsByCustomerIdAndPurchaseIdWithin(customer, ids, from, to),
          r,
          "purchaseId " + ids + " in [" + from + ", " + to + ")");
    }
  }

  @Test
  void timeShardedBucketedWindowPages() {
    Random r = new Random(seeds.seed());
    for (String table : store.listTables("gen_sharded_readings")) {
      store.deleteTable(table);
    }
    ShardedBucketedReadingShardedRepository readings =
        new ShardedBucketedReadingShardedRepository(store)
            .withClock(Clock.fixed(Instant.parse("2026-12-10T12:00:00Z"), ZoneOffset.UTC))
            .allowingBackfill(
                Instant.parse("2026-12-01T00:00:00Z"), Instant.parse("2026-12-20T00:00:00Z"))
            .withContinuationKey(KEY);
    Instant first = Instant.parse("2026-12-03T00:00:00Z");
    Map<String, ShardedBucketedReading> stored = new LinkedHashMap<>();
    for (int i = 0; i < 150; i++) {
      // few distinct instants, so that equal keys meet across buckets' merge and days
      Instant at = first.plusSeconds(3_600L * 12 * r.nextInt(10)).plusMillis(r.nextInt(3));
      ShardedBucketedReading x = new ShardedBucketedReading(at, text(r, "ab", 1), i);
      readings.put(x);
      stored.put(at + "/" + x.sensor(), x);
    }
    List<ShardedBucketedReading> all = new ArrayList<>(stored.values());
    all.sort(
        Comparator.comparing(ShardedBucketedReading::at)
            .thenComparing(ShardedBucketedReading::sensor));
    for (int round = 0; round < ROUNDS; round++) {
      Bounds<Instant> b =
          bounds(
              r,
              () ->
                  first
                      .plusSeconds(3_600L * (r.nextInt(140) - 10))
                      .plusNanos(r.nextInt(3) * 700_000L));
      Instant since = first.plusSeconds(3_600L * (r.nextInt(140) - 10));
      Instant until = since.plusSeconds(3_600L * r.nextInt(140));
      List<ShardedBucketedReading> expected =
          all.stream()
              .filter(
                  x ->
                      within(b, x.at(), Instant::compareTo)
                          && !x.at().isBefore(since)
                          && x.at().isBefore(until))
              .toList();
      check(
          expected,
          null,
          (d, p) ->
              d
                  ? readings.pageByAtWithinDescending(b, since, until, p)
                  : readings.pageByAtWithin(b, since, until, p),
          readings.countByAtWithin(b, since, until),
          readings.existsByAtWithin(b, since, until),
          r,
          "at " + b + " in [" + since + ", " + until + ")");
    }
  }

  /**
   * A day dropped between two pages (retention) reads as empty from there on: the next page
   * continues after the token's position with the other days' rows, none twice.
   */
  @Test
  void aPeriodDroppedBetweenPagesReadsAsEmpty() {
    for (String table : store.listTables("gen_sharded_readings")) {
      store.deleteTable(table);
    }
    ShardedBucketedReadingShardedRepository readings =
        new ShardedBucketedReadingShardedRepository(store)
            .withClock(Clock.fixed(Instant.parse("2026-12-10T12:00:00Z"), ZoneOffset.UTC))
            .allowingBackfill(
                Instant.parse("2026-12-01T00:00:00Z"), Instant.parse("2026-12-20T00:00:00Z"))
            .withContinuationKey(KEY);
    Instant day1 = Instant.parse("2026-12-03T00:00:00Z");
    Instant day2 = day1.plusSeconds(86_400);
    List<ShardedBucketedReading> rows = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      rows.add(new ShardedBucketedReading(day1.plusMillis(i), "a", i));
      rows.add(new ShardedBucketedReading(day2.plusMillis(i), "a", i));
    }
    rows.forEach(readings::put);
    Instant since = day1;
    Instant until = day2.plusSeconds(86_400);
    CursoredPage<ShardedBucketedReading> first =
        readings.pageByAtWithin(Bounds.all(), since, until, PageRequest.ofSize(4));
    assertEquals(rows.subList(0, 0).size() + 4, first.numberOfElements());
    for (String table : store.listTables("gen_sharded_readings_2026_12_03")) {
      store.deleteTable(table);
    }
    List<ShardedBucketedReading> rest = new ArrayList<>();
    PageRequest next = first.nextPageRequest();
    while (next != null) {
      CursoredPage<ShardedBucketedReading> p =
          readings.pageByAtWithin(Bounds.all(), since, until, next);
      rest.addAll(p.content());
      next = p.hasNext() ? p.nextPageRequest() : null;
    }
    assertEquals(
        rows.stream().filter(x -> !x.at().isBefore(day2)).toList(),
        rest.stream().sorted(Comparator.comparing(ShardedBucketedReading::at)).toList());
  }

  private static String month(Instant t) {
    return t.toString().substring(0, 7);
  }

  // ------------------------------------------------------------------ the checks

  /**
   * The scan (if any) in both directions, a chain of pages of random sizes in both directions (some
   * continued from a token that went through a browser), the count and the existence check all
   * equal the expected rows.
   */
  static <E> void check(
      List<E> expected,
      Function<Boolean, Stream<E>> scan,
      BiFunction<Boolean, PageRequest, CursoredPage<E>> page,
      long count,
      boolean exists,
      Random r,
      String what) {
    List<E> reversed = new ArrayList<>(expected);
    Collections.reverse(reversed);
    if (scan != null) {
      try (Stream<E> s = scan.apply(false)) {
        assertEquals(expected, s.toList(), what + ": scan");
      }
      try (Stream<E> s = scan.apply(true)) {
        assertEquals(reversed, s.toList(), what + ": descending scan");
      }
    }
    assertEquals(expected, pages(page, false, r, expected.size()), what + ": pages");
    assertEquals(reversed, pages(page, true, r, expected.size()), what + ": descending pages");
    assertEquals(expected.size(), count, what + ": count");
    assertEquals(!expected.isEmpty(), exists, what + ": exists");
  }

  private static <E> List<E> pages(
      BiFunction<Boolean, PageRequest, CursoredPage<E>> page, boolean d, Random r, int rows) {
    List<E> out = new ArrayList<>();
    PageRequest request = PageRequest.ofSize(1 + r.nextInt(5));
    for (int n = 0; n <= rows + 1; n++) {
      CursoredPage<E> p = page.apply(d, request);
      assertTrue(p.numberOfElements() <= request.size(), "a page holds at most its size");
      out.addAll(p.content());
      if (!p.hasNext()) {
        return out;
      }
      request = p.nextPageRequest();
      int size = 1 + r.nextInt(5);
      if (r.nextBoolean()) {
        // through a browser: the token text only, with another page size
        String token = (String) request.cursor().orElseThrow().get(0);
        request = PageRequest.afterCursor(PageRequest.Cursor.forKey(token), n + 2, size, false);
      }
    }
    throw new AssertionError("more pages than rows: " + out);
  }

  // ------------------------------------------------------------------ generators

  /** Random bounds: each shape, with values from {@code value}. */
  static <T> Bounds<T> bounds(Random r, java.util.function.Supplier<T> value) {
    return switch (r.nextInt(10)) {
      case 0 -> Bounds.between(value.get(), value.get());
      case 1 -> Bounds.closed(value.get(), value.get());
      case 2 -> Bounds.open(value.get(), value.get());
      case 3 -> Bounds.greaterThan(value.get());
      case 4 -> Bounds.atLeast(value.get());
      case 5 -> Bounds.lessThan(value.get());
      case 6 -> Bounds.atMost(value.get());
      case 7 -> Bounds.all();
      case 8 -> Bounds.greaterThan(value.get()).andAtMost(value.get());
      default -> Bounds.atLeast(value.get()).andLessThan(value.get());
    };
  }

  static <T> boolean within(Bounds<T> b, T v, Comparator<T> c) {
    if (b.lower() != null) {
      int x = c.compare(v, b.lower());
      if (x < 0 || x == 0 && !b.lowerInclusive()) {
        return false;
      }
    }
    if (b.upper() != null) {
      int x = c.compare(v, b.upper());
      return x < 0 || x == 0 && b.upperInclusive();
    }
    return true;
  }

  /** A value in {@code [low, high)}, or now and then one of {@code edges}. */
  static long longValue(Random r, long low, long high, long... edges) {
    return r.nextInt(4) == 0 ? edges[r.nextInt(edges.length)] : low + r.nextInt((int) (high - low));
  }

  private static Instant instant(Random r) {
    return switch (r.nextInt(12)) {
      case 0 -> Instant.ofEpochMilli(Long.MIN_VALUE);
      case 1 -> Instant.ofEpochMilli(Long.MAX_VALUE);
      default -> Instant.ofEpochMilli(1000L * (r.nextInt(7) - 3));
    };
  }

  private static Instant instantBound(Random r) {
    return switch (r.nextInt(10)) {
      case 0 -> Instant.MAX;
      case 1 -> Instant.MIN;
      case 2 -> Instant.ofEpochMilli(Long.MAX_VALUE).plusNanos(500_000);
      case 3 -> Instant.ofEpochMilli(Long.MIN_VALUE).minusNanos(1);
      case 4 -> Instant.ofEpochMilli(Long.MAX_VALUE);
      case 5 -> Instant.ofEpochMilli(Long.MIN_VALUE);
      // between two milliseconds
      case 6 -> Instant.ofEpochMilli(1000L * (r.nextInt(7) - 3)).plusNanos(1 + r.nextInt(999_999));
      default -> Instant.ofEpochMilli(1000L * (r.nextInt(7) - 3) + r.nextInt(3) - 1);
    };
  }

  static String text(Random r, String alphabet, int length) {
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < length; i++) {
      s.append(alphabet.charAt(r.nextInt(alphabet.length())));
    }
    return s.toString();
  }

  /** Code point order: the stores' UTF-8 byte order. */
  static int codePoints(String a, String b) {
    return Arrays.compare(a.codePoints().toArray(), b.codePoints().toArray());
  }

  private static List<BoundedEvent> sortedByKey(Map<PrimaryKey, BoundedEvent> rows) {
    List<PrimaryKey> keys = new ArrayList<>(rows.keySet());
    Collections.sort(keys);
    return keys.stream().map(rows::get).toList();
  }
}
