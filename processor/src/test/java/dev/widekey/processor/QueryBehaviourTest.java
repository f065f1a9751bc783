package dev.widekey.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.common.truth.Truth.assertWithMessage;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import dev.widekey.core.store.Utf8;
import dev.widekey.runtime.repository.SplitTableRepository;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import dev.widekey.runtime.store.fault.Seeds;
import jakarta.data.Limit;
import jakarta.data.exceptions.EmptyResultException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.function.Predicate;
import java.util.stream.Stream;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The generated query implementations on the embedded store: each returns exactly what the
 * equivalent repository scan returns and what a filter of all rows in key order returns; random
 * rows and random ranges (seeded; the seed is printed on failure).
 */
class QueryBehaviourTest {
  @RegisterExtension final Seeds seeds = new Seeds();
  private final WideTableStore store = EmbeddedStore.inMemory();
  private static GeneratedClassLoader loader;

  @BeforeAll
  static void compileOnce() {
    List<JavaFileObject> files = new ArrayList<>();
    for (String f :
        List.of(
            "Txn",
            "Reading",
            "Shop",
            "Hashed",
            "Job",
            "Post",
            "Txns",
            "BoxedTxns",
            "Readings",
            "Shops",
            "Posts")) {
      files.add(JavaFileObjects.forResource("query/" + f + ".java"));
    }
    Compilation c =
        Compiler.javac()
            .withProcessors(new WidekeyProcessor())
            .withOptions("-Xlint:all", "-Xlint:-processing")
            .compile(files);
    loader = new GeneratedClassLoader(c);
  }

  @AfterEach
  void close() {
    store.close();
  }

  @SuppressWarnings("unchecked")
  private SplitTableRepository<Object> repository(String name) throws Exception {
    SplitTableRepository<Object> repo =
        (SplitTableRepository<Object>)
            loader.loadClass(name).getConstructor(WideTableStore.class).newInstance(store);
    repo.createTables();
    return repo;
  }

  private Object implementation(String name, Object repository) throws Exception {
    return loader.loadClass(name).getConstructor(repository.getClass()).newInstance(repository);
  }

  /** Calls the public method of this name and arity. */
  private static Object call(Object target, String name, Object... args) throws Exception {
    for (Method m : target.getClass().getMethods()) {
      if (m.getName().equals(name) && m.getParameterCount() == args.length) {
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

  /** The rows a call returns: a stream, list or optional, as a list. */
  @SuppressWarnings("unchecked")
  private static List<Object> rows(Object result) {
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

  private static Object value(Object record, String component) throws Exception {
    for (RecordComponent c : record.getClass().getRecordComponents()) {
      if (c.getName().equals(component)) {
        return c.getAccessor().invoke(record);
      }
    }
    throw new IllegalArgumentException(component);
  }

  private static Comparator<Object> txnKeyOrder() {
    return Comparator.<Object, String>comparing(t -> (String) unchecked(t, "cardId"), Utf8::compare)
        .thenComparing(t -> (String) unchecked(t, "sellerId"), Utf8::compare)
        .thenComparing(t -> (Long) unchecked(t, "deviceId"))
        .thenComparing(t -> (Long) unchecked(t, "orderNumber"));
  }

  private static Object unchecked(Object record, String component) {
    try {
      return value(record, component);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private static List<Object> where(List<Object> sorted, Predicate<Object> p) {
    return new ArrayList<>(sorted.stream().filter(p).toList());
  }

  private static List<Object> reversed(List<Object> rows) {
    List<Object> r = new ArrayList<>(rows);
    java.util.Collections.reverse(r);
    return r;
  }

  private static final String[] CARDS = {"A1", "B2", "C3"};
  private static final String[] SELLERS = {"s1", "s2", "s3", "t"};

  /**
   * The property: random transactions saved through the generated {@code @Save}; random equality
   * and inclusive {@code Between} queries, ascending and descending, equal the sorted filtered rows
   * and the equivalent repository scans.
   */
  @Test
  void queriesEqualTheEquivalentScansOnRandomRows() throws Exception {
    long seed = seeds.seed();
    Random random = new Random(seed);
    Class<?> txn = loader.loadClass("query.Txn");
    SplitTableRepository<Object> repo = repository("query.TxnRepository");
    Object txns = implementation("query.Txns_", repo);
    List<Object> all = new ArrayList<>();
    java.util.Set<List<Object>> keys = new java.util.HashSet<>();
    int count = 50 + random.nextInt(400);
    for (int i = 0; i < count; i++) {
      String card = CARDS[random.nextInt(CARDS.length)];
      String seller = SELLERS[random.nextInt(SELLERS.length)];
      long device = random.nextInt(6) - 1;
      long order = random.nextInt(12);
      if (keys.add(List.of(card, seller, device, order))) {
        Object t =
            txn.getConstructors()[0].newInstance(card, seller, device, order, (long) i, "web");
        call(txns, "store", t);
        all.add(t);
      }
    }
    all.sort(txnKeyOrder());
    for (int round = 0; round < 60; round++) {
      String card = CARDS[random.nextInt(CARDS.length)];
      String seller = SELLERS[random.nextInt(SELLERS.length)];
      long device = random.nextInt(6) - 1;
      long from = random.nextInt(8) - 2;
      long to = from + random.nextInt(8) - 1; // sometimes below from: no rows
      String where =
          "seed " + seed + " round " + round + " " + card + " " + seller + " [" + from + ", " + to
              + "]";

      List<Object> ofCard = where(all, t -> unchecked(t, "cardId").equals(card));
      assertWithMessage(where).that(rows(call(txns, "findByCardId", card))).isEqualTo(ofCard);
      assertWithMessage(where)
          .that(rows(call(txns, "findByCardId", card)))
          .isEqualTo(rows(call(repo, "scanByCardId", card)));
      assertWithMessage(where).that(rows(call(txns, "byCard", card))).isEqualTo(ofCard);
      assertWithMessage(where)
          .that(rows(call(txns, "newestFirst", card)))
          .isEqualTo(reversed(ofCard));
      assertWithMessage(where)
          .that(call(txns, "countByCardId", card))
          .isEqualTo((long) ofCard.size());
      assertWithMessage(where)
          .that(call(txns, "existsByCardId", card))
          .isEqualTo(!ofCard.isEmpty());
      int n = random.nextInt(5) + 1;
      assertWithMessage(where)
          .that(rows(call(txns, "findByCardId", card, Limit.of(n))))
          .isEqualTo(ofCard.subList(0, Math.min(n, ofCard.size())));
      assertWithMessage(where)
          .that(rows(call(txns, "findFirst3ByCardIdOrderBySellerIdAscDeviceIdAsc", card)))
          .isEqualTo(ofCard.subList(0, Math.min(3, ofCard.size())));
      assertWithMessage(where)
          .that(rows(call(txns, "findFirstByCardIdOrderBySellerIdDescDeviceIdDesc", card)))
          .isEqualTo(ofCard.isEmpty() ? List.of() : List.of(ofCard.get(ofCard.size() - 1)));

      List<Object> ofSeller = where(ofCard, t -> unchecked(t, "sellerId").equals(seller));
      assertWithMessage(where).that(rows(call(txns, "bySeller", card, seller))).isEqualTo(ofSeller);
      assertWithMessage(where)
          .that(call(txns, "countByCardIdAndSellerId", card, seller))
          .isEqualTo(ofSeller.size());

      // inclusive Between over a long key column, both directions
      List<Object> devices =
          where(
              ofSeller,
              t ->
                  (Long) unchecked(t, "deviceId") >= from && (Long) unchecked(t, "deviceId") <= to);
      assertWithMessage(where)
          .that(
              rows(call(txns, "findByCardIdAndSellerIdAndDeviceIdBetween", card, seller, from, to)))
          .isEqualTo(devices);
      assertWithMessage(where)
          .that(
              rows(
                  call(
                      txns,
                      "findByCardIdAndSellerIdAndDeviceIdBetweenOrderByDeviceIdDesc",
                      card,
                      seller,
                      from,
                      to)))
          .isEqualTo(reversed(devices));
      if (from <= to) {
        // the equivalent repository scan: [from, to + 1)
        assertWithMessage(where)
            .that(
                rows(
                    call(
                        txns, "findByCardIdAndSellerIdAndDeviceIdBetween", card, seller, from, to)))
            .isEqualTo(
                rows(
                    call(
                        repo,
                        "scanByCardIdAndSellerIdAndDeviceIdBetween",
                        card,
                        seller,
                        from,
                        to + 1)));
      }

      // open bounds over a long key column: [from + 1, MAX], [from, MAX], [MIN, from), [MIN, from]
      long bound =
          random.nextInt(10) == 0
              ? Long.MAX_VALUE
              : random.nextInt(10) == 0 ? Long.MIN_VALUE : from;
      for (String[] op :
          new String[][] {
            {"GreaterThan", ">"},
            {"GreaterThanEqual", ">="},
            {"LessThan", "<"},
            {"LessThanEqualOrderByDeviceIdDesc", "<="}
          }) {
        List<Object> want =
            where(
                ofSeller,
                t -> {
                  long d = (Long) unchecked(t, "deviceId");
                  return switch (op[1]) {
                    case ">" -> d > bound;
                    case ">=" -> d >= bound;
                    case "<" -> d < bound;
                    default -> d <= bound;
                  };
                });
        assertWithMessage(where + " deviceId " + op[1] + " " + bound)
            .that(
                rows(call(txns, "findByCardIdAndSellerIdAndDeviceId" + op[0], card, seller, bound)))
            .isEqualTo(op[1].equals("<=") ? reversed(want) : want);
      }

      // inclusive Between over the last key column: the closing row is a point read
      List<Object> orders =
          where(
              ofSeller,
              t ->
                  (Long) unchecked(t, "deviceId") == device
                      && (Long) unchecked(t, "orderNumber") >= from
                      && (Long) unchecked(t, "orderNumber") <= to);
      assertWithMessage(where)
          .that(
              rows(
                  call(
                      txns,
                      "findByCardIdAndSellerIdAndDeviceIdAndOrderNumberBetween",
                      card,
                      seller,
                      device,
                      from,
                      to)))
          .isEqualTo(orders);

      // inclusive Between over a string key column, in UTF-8 order
      String lo =
          random.nextBoolean()
              ? SELLERS[random.nextInt(SELLERS.length)]
              : "s" + random.nextInt(4) + "x";
      String hi = SELLERS[random.nextInt(SELLERS.length)];
      List<Object> sellers =
          where(
              ofCard,
              t ->
                  Utf8.compare((String) unchecked(t, "sellerId"), lo) >= 0
                      && Utf8.compare((String) unchecked(t, "sellerId"), hi) <= 0);
      assertWithMessage(where + " sellers [" + lo + ", " + hi + "]")
          .that(rows(call(txns, "findByCardIdAndSellerIdBetween", card, lo, hi)))
          .isEqualTo(sellers);
      assertWithMessage(where + " sellers [" + lo + ", " + hi + "]")
          .that(call(txns, "countByCardIdAndSellerIdBetween", card, lo, hi))
          .isEqualTo((long) sellers.size());
      if (sellers.isEmpty()) {
        assertThrows(
            EmptyResultException.class,
            () ->
                call(txns, "findFirstByCardIdAndSellerIdBetweenOrderBySellerIdDesc", card, lo, hi));
      } else {
        assertWithMessage(where + " sellers [" + lo + ", " + hi + "]")
            .that(
                call(txns, "findFirstByCardIdAndSellerIdBetweenOrderBySellerIdDesc", card, lo, hi))
            .isEqualTo(sellers.get(sellers.size() - 1));
      }
    }
  }

  @Test
  void pointReadsAndLifecycleMethods() throws Exception {
    Class<?> txn = loader.loadClass("query.Txn");
    SplitTableRepository<Object> repo = repository("query.TxnRepository");
    Object txns = implementation("query.Txns_", repo);
    Object a = txn.getConstructors()[0].newInstance("A1", "s1", 1L, 2L, 100L, "web");
    assertThat(call(txns, "add", a)).isEqualTo(a);
    assertThat(
            rows(
                call(txns, "findByCardIdAndSellerIdAndDeviceIdAndOrderNumber", "A1", "s1", 1L, 2L)))
        .containsExactly(a);
    // the parameters in the name's order, not the key's
    assertThat(call(txns, "findBySellerIdAndCardIdAndOrderNumberAndDeviceId", "s1", "A1", 2L, 1L))
        .isEqualTo(a);
    assertThat(call(txns, "existsByCardIdAndSellerIdAndDeviceIdAndOrderNumber", "A1", "s1", 1L, 2L))
        .isEqualTo(true);
    assertThrows(
        EmptyResultException.class,
        () -> call(txns, "findBySellerIdAndCardIdAndOrderNumberAndDeviceId", "s1", "A1", 3L, 1L));
    Object changed = txn.getConstructors()[0].newInstance("A1", "s1", 1L, 2L, 200L, "shop");
    call(txns, "change", changed);
    assertThat(
            repo.getClass()
                .getMethod("get", String.class, String.class, long.class, long.class)
                .invoke(repo, "A1", "s1", 1L, 2L))
        .isEqualTo(Optional.of(changed));
    call(txns, "remove", changed);
    assertThat(call(txns, "existsByCardId", "A1")).isEqualTo(false);
    assertThrows(
        IllegalArgumentException.class, () -> call(txns, "findByCardId", "A1", Limit.range(2, 3)));
  }

  /** Inclusive ranges over a bucketed time: the buckets merged, the closing bucket read last. */
  /**
   * A boxed parameter for a primitive key column: a value reads as the primitive does, a null is
   * the key rule's error naming the column (WK111), as for a boxed key column, not an unboxing
   * NullPointerException in generated code.
   */
  @Test
  void aNullBoxedParameterOfAPrimitiveColumnIsWk111() throws Exception {
    Class<?> txn = loader.loadClass("query.Txn");
    SplitTableRepository<Object> repo = repository("query.TxnRepository");
    Object boxed = implementation("query.BoxedTxns_", repo);
    Object row = txn.getConstructors()[0].newInstance("C1", "s", 7L, 8L, 100L, "web");
    repo.put(row);

    assertThat(rows(call(boxed, "findByCardIdAndSellerIdAndDeviceId", "C1", "s", 7L)))
        .containsExactly(row);
    assertThat(
            rows(
                call(boxed, "findByCardIdAndSellerIdAndDeviceIdAndOrderNumber", "C1", "s", 7L, 8L)))
        .containsExactly(row);
    for (Object[] call :
        List.of(
            new Object[] {"findByCardIdAndSellerIdAndDeviceId", "C1", "s", null},
            new Object[] {"findByCardIdAndSellerIdAndDeviceIdAndOrderNumber", "C1", "s", 7L, null},
            new Object[] {"countByCardIdAndSellerIdAndDeviceId", "C1", "s", null})) {
      String field = call.length == 5 ? "orderNumber" : "deviceId";
      Object[] args = java.util.Arrays.copyOfRange(call, 1, call.length);
      dev.widekey.core.key.InvalidKeyException e =
          assertThrows(
              dev.widekey.core.key.InvalidKeyException.class,
              () -> call(boxed, (String) call[0], args));
      assertWithMessage((String) call[0])
          .that(e)
          .hasMessageThat()
          .isEqualTo("WK111: field '" + field + "' is null; key components are never null");
    }
  }

  @Test
  void bucketedRangesEqualTheMergedScans() throws Exception {
    long seed = seeds.seed();
    Random random = new Random(seed);
    Class<?> reading = loader.loadClass("query.Reading");
    SplitTableRepository<Object> repo = repository("query.ReadingRepository");
    byte[] secret = new byte[32];
    random.nextBytes(secret);
    repo.withContinuationKey(dev.widekey.runtime.query.ContinuationKey.of(secret));
    Object readings = implementation("query.Readings_", repo);
    List<Object> all = new ArrayList<>();
    for (long t = 0; t < 200; t++) {
      if (random.nextInt(3) > 0) {
        for (int s = 0; s < 1 + random.nextInt(2); s++) {
          Object r = reading.getConstructors()[0].newInstance(t, "s" + s, t * 10 + s);
          repo.put(r);
          all.add(r);
        }
      }
    }
    for (int round = 0; round < 40; round++) {
      long from = random.nextInt(220) - 10;
      long to = from + random.nextInt(60) - 5;
      String where = "seed " + seed + " round " + round + " [" + from + ", " + to + "]";
      List<Object> want =
          where(
              all,
              r ->
                  (Long) unchecked(r, "timestamp") >= from
                      && (Long) unchecked(r, "timestamp") <= to);
      assertWithMessage(where)
          .that(rows(call(readings, "findByTimestampBetween", from, to)))
          .isEqualTo(want);
      assertWithMessage(where)
          .that(rows(call(readings, "findByTimestampBetweenOrderByTimestampDesc", from, to)))
          .isEqualTo(reversed(want));
      assertWithMessage(where + " count")
          .that(call(readings, "countByTimestampBetween", from, to))
          .isEqualTo((long) want.size());
      int size = 1 + random.nextInt(15);
      assertWithMessage(where + " pages of " + size)
          .that(
              IndexQueryBehaviourTest.chain(
                  request ->
                      call(
                          readings,
                          "findByTimestampGreaterThanEqualOrderByTimestampDesc",
                          from,
                          request),
                  size))
          .isEqualTo(reversed(where(all, r -> (Long) unchecked(r, "timestamp") >= from)));
      if (from <= to) {
        assertWithMessage(where)
            .that(rows(call(readings, "findByTimestampBetween", from, to)))
            .isEqualTo(rows(call(repo, "scanByTimestampBetween", from, to + 1)));
      }
    }
  }

  /**
   * Ranges over a descending key column: key order is greatest first, so the rows at an inclusive
   * upper bound come first, and ascending order is the backward scan.
   */
  @Test
  void rangesOverADescendingColumn() throws Exception {
    long seed = seeds.seed();
    Random random = new Random(seed);
    Class<?> post = loader.loadClass("query.Post");
    SplitTableRepository<Object> repo = repository("query.PostRepository");
    Object posts = implementation("query.Posts_", repo);
    List<Object> all = new ArrayList<>();
    for (long at = 0; at < 60; at++) {
      for (int n = 0; n < random.nextInt(3); n++) {
        Object p = post.getConstructors()[0].newInstance("ann", at, n, "t");
        repo.put(p);
        all.add(p);
      }
    }
    // key order: at descending, then n ascending
    all.sort(
        Comparator.<Object, Long>comparing(p -> (Long) unchecked(p, "at"))
            .reversed()
            .thenComparing(p -> (Integer) unchecked(p, "n")));
    assertThat(rows(call(posts, "findByAuthorOrderByAtDesc", "ann"))).isEqualTo(all);
    for (int round = 0; round < 40; round++) {
      long from = random.nextInt(70) - 5;
      long to = from + random.nextInt(30) - 3;
      String where = "seed " + seed + " round " + round + " [" + from + ", " + to + "]";
      List<Object> want =
          where(all, p -> (Long) unchecked(p, "at") >= from && (Long) unchecked(p, "at") <= to);
      assertWithMessage(where)
          .that(rows(call(posts, "findByAuthorAndAtBetween", "ann", from, to)))
          .isEqualTo(want);
      // ascending by at: the key's reverse, a backward scan (n descending within one at)
      assertWithMessage(where)
          .that(rows(call(posts, "findByAuthorAndAtBetweenOrderByAtAsc", "ann", from, to)))
          .isEqualTo(reversed(want));
      assertWithMessage(where)
          .that(rows(call(posts, "findByAuthorAndAtGreaterThan", "ann", from)))
          .isEqualTo(where(all, p -> (Long) unchecked(p, "at") > from));
      assertWithMessage(where)
          .that(rows(call(posts, "findByAuthorAndAtLessThanEqual", "ann", to)))
          .isEqualTo(where(all, p -> (Long) unchecked(p, "at") <= to));
    }
  }
}
