package dev.widekey.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.common.truth.Truth.assertWithMessage;
import static dev.widekey.processor.Fixtures.compile;
import static dev.widekey.processor.Fixtures.good;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.widekey.core.key.InvalidKeyException;
import dev.widekey.runtime.repository.SplitTableRepository;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The time types through the generated code, on seeded random values with edges: {@code
 * primaryKey}/{@code decode} round trips (an offset or zone comes back as the same instant in UTC),
 * stored key order is the values' order, put/get/scan on the embedded store, and values a key
 * cannot hold are refused naming field and rule. Seed: {@code -Dwidekey.seed=N}.
 */
class TimeKeysBehaviourTest {
  private static final long SEED = Long.getLong("widekey.seed", 0x71AE_2024L);
  private static final int ROWS = 300;
  private static final List<ZoneId> ZONES =
      List.of(
          ZoneOffset.UTC,
          ZoneId.of("Europe/Paris"),
          ZoneId.of("Asia/Kolkata"),
          ZoneId.of("America/St_Johns"),
          ZoneOffset.ofHours(-12));

  private static GeneratedClassLoader timeKeys;
  private static GeneratedClassLoader timeSplice;

  @BeforeAll
  static void compileFixtures() {
    System.out.println(
        "TimeKeysBehaviourTest seed " + SEED + " (replay: -Dwidekey.seed=" + SEED + ")");
    timeKeys = new GeneratedClassLoader(compile(good("TimeKeys")));
    timeSplice = new GeneratedClassLoader(compile(good("TimeSplice")));
  }

  /** Epoch millis biased toward the edges of a long (about ±292 million years) and zero. */
  private static long millis(Random r) {
    return switch (r.nextInt(6)) {
      case 0 -> Long.MIN_VALUE + r.nextInt(1000);
      case 1 -> Long.MAX_VALUE - r.nextInt(1000);
      case 2 -> r.nextInt(2001) - 1000;
      default -> r.nextLong() >> r.nextInt(64);
    };
  }

  private static LocalDate day(Random r) {
    return switch (r.nextInt(5)) {
      case 0 -> LocalDate.MIN.plusDays(r.nextInt(10));
      case 1 -> LocalDate.MAX.minusDays(r.nextInt(10));
      case 2 -> LocalDate.ofEpochDay(r.nextInt(2001) - 1000);
      default ->
          LocalDate.ofEpochDay(
              LocalDate.MIN.toEpochDay()
                  + (long)
                      (r.nextDouble() * (LocalDate.MAX.toEpochDay() - LocalDate.MIN.toEpochDay())));
    };
  }

  private static ZonedDateTime zoned(Random r) {
    return Instant.ofEpochMilli(millis(r)).atZone(ZONES.get(r.nextInt(ZONES.size())));
  }

  /** Equal as a key promises: same value, or for an offset or zone the same instant. */
  private static boolean sameKeyValue(Object a, Object b) {
    if (a instanceof ZonedDateTime x && b instanceof ZonedDateTime y) {
      return x.isEqual(y);
    }
    if (a instanceof OffsetDateTime x && b instanceof OffsetDateTime y) {
      return x.isEqual(y);
    }
    return a.equals(b);
  }

  /** The order the key promises: by date or date-time, by instant for an offset or zone. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private static int compareKeyValue(Object a, Object b) {
    if (a instanceof ZonedDateTime x) {
      return x.toInstant().compareTo(((ZonedDateTime) b).toInstant());
    }
    if (a instanceof OffsetDateTime x) {
      return x.toInstant().compareTo(((OffsetDateTime) b).toInstant());
    }
    return ((Comparable) a).compareTo(b);
  }

  @Test
  void timeKeyColumnsAndASplicedDateRoundTripKeepOrderAndStore() throws Throwable {
    Class<?> type = timeKeys.loadClass("good.TimeKeys");
    Class<?>[] keyTypes = {
      String.class, LocalDate.class, LocalDateTime.class, OffsetDateTime.class, ZonedDateTime.class
    };
    Random r = new Random(SEED);
    List<Object[]> rows = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      ZonedDateTime z = zoned(r);
      rows.add(
          new Object[] {
            r.nextInt(4) == 0 ? "d1" : "d" + r.nextInt(3),
            day(r),
            LocalDateTime.ofInstant(Instant.ofEpochMilli(millis(r)), ZoneOffset.UTC),
            zoned(r).toOffsetDateTime(),
            z,
            z.withZoneSameInstant(ZONES.get(r.nextInt(ZONES.size()))).plusNanos(r.nextInt(1000)),
            day(r)
          });
    }
    checkRoundTripOrderAndStore(timeKeys, "good.TimeKeys", type, keyTypes, 5, rows);
  }

  @Test
  void splicedTimesRoundTripAndKeepOrderAcrossZero() throws Throwable {
    Class<?> type = timeSplice.loadClass("good.TimeSplice");
    Class<?>[] keyTypes = {
      String.class, LocalDateTime.class, OffsetDateTime.class, ZonedDateTime.class
    };
    Random r = new Random(SEED + 1);
    List<Object[]> rows = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      rows.add(
          new Object[] {
            "site",
            LocalDateTime.ofInstant(Instant.ofEpochMilli(millis(r)), ZoneOffset.UTC),
            zoned(r).toOffsetDateTime(),
            zoned(r),
            "n" + i
          });
    }
    checkRoundTripOrderAndStore(timeSplice, "good.TimeSplice", type, keyTypes, 4, rows);
  }

  private void checkRoundTripOrderAndStore(
      ClassLoader loader,
      String name,
      Class<?> type,
      Class<?>[] keyTypes,
      int keyCount,
      List<Object[]> rows)
      throws Throwable {
    Class<?> keys = loader.loadClass(name + "Keys");
    Method primaryKey = keys.getMethod("primaryKey", keyTypes);
    Method decode = keys.getMethod("decode", PrimaryKey.class);
    Class<?>[] all = new Class<?>[rows.get(0).length];
    for (int i = 0; i < all.length; i++) {
      all[i] = type.getRecordComponents()[i].getType();
    }
    TreeMap<PrimaryKey, Object[]> byKey = new TreeMap<>();
    try (WideTableStore store = EmbeddedStore.inMemory()) {
      @SuppressWarnings("unchecked")
      SplitTableRepository<Object> repo =
          (SplitTableRepository<Object>)
              loader
                  .loadClass(name + "Repository")
                  .getConstructor(WideTableStore.class)
                  .newInstance(store);
      repo.createTables();
      Method get = repo.getClass().getMethod("get", keyTypes);
      for (Object[] row : rows) {
        Object[] key = java.util.Arrays.copyOf(row, keyCount);
        PrimaryKey pk = (PrimaryKey) primaryKey.invoke(null, key);
        Object decoded = decode.invoke(null, pk);
        var parts = decoded.getClass().getRecordComponents();
        for (int i = 0; i < keyCount; i++) {
          Object back = parts[i].getAccessor().invoke(decoded);
          assertWithMessage("decode(%s) component %s (seed %s)", pk, i, SEED)
              .that(sameKeyValue(back, key[i]))
              .isTrue();
          if (back instanceof ZonedDateTime z) {
            assertThat(z.getZone()).isEqualTo(ZoneOffset.UTC);
          }
          if (back instanceof OffsetDateTime o) {
            assertThat(o.getOffset()).isEqualTo(ZoneOffset.UTC);
          }
        }
        // canonical: the decoded values encode to the very same key
        Object[] again = new Object[keyCount];
        for (int i = 0; i < keyCount; i++) {
          again[i] = parts[i].getAccessor().invoke(decoded);
        }
        assertThat(primaryKey.invoke(null, again)).isEqualTo(pk);

        repo.put(type.getDeclaredConstructor(all).newInstance(row));
        byKey.put(pk, row);
        Object read = ((Optional<?>) get.invoke(repo, key)).orElseThrow();
        // attributes keep everything: the zone, the nanoseconds
        for (int i = keyCount; i < row.length; i++) {
          assertThat(type.getRecordComponents()[i].getAccessor().invoke(read)).isEqualTo(row[i]);
        }
      }
      // stored key order is the values' order
      List<Object[]> inKeyOrder = new ArrayList<>(byKey.values());
      Comparator<Object[]> byValues =
          (a, b) -> {
            for (int i = 0; i < keyCount; i++) {
              int c = compareKeyValue(a[i], b[i]);
              if (c != 0) {
                return c;
              }
            }
            return 0;
          };
      for (int i = 0; i + 1 < inKeyOrder.size(); i++) {
        assertWithMessage(
                "key order of %s before %s (seed %s)",
                java.util.Arrays.toString(inKeyOrder.get(i)),
                java.util.Arrays.toString(inKeyOrder.get(i + 1)),
                SEED)
            .that(byValues.compare(inKeyOrder.get(i), inKeyOrder.get(i + 1)))
            .isLessThan(0);
      }
      // and a scan returns the rows in it
      List<Object> scannedFirstKeys;
      try (Stream<Object> scanned = repo.scanAll()) {
        scannedFirstKeys =
            scanned
                .map(e -> invokeQuietly(type.getRecordComponents()[keyCount - 1].getAccessor(), e))
                .toList();
      }
      assertThat(scannedFirstKeys).hasSize(byKey.size());
      int i = 0;
      for (Object[] row : byKey.values()) {
        assertThat(sameKeyValue(scannedFirstKeys.get(i++), row[keyCount - 1])).isTrue();
      }
    }
  }

  private static Object invokeQuietly(Method m, Object target) {
    try {
      return m.invoke(target);
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void valuesAKeyCannotHoldAreRefusedNamingFieldAndRule() throws Exception {
    Method primaryKey =
        timeSplice
            .loadClass("good.TimeSpliceKeys")
            .getMethod(
                "primaryKey",
                String.class,
                LocalDateTime.class,
                OffsetDateTime.class,
                ZonedDateTime.class);
    OffsetDateTime o = OffsetDateTime.parse("2024-05-01T10:00+02:00");
    ZonedDateTime z = ZonedDateTime.parse("2024-05-01T10:00+02:00[Europe/Paris]");
    LocalDateTime l = LocalDateTime.parse("2024-05-01T10:00");
    assertRefused("WK104", "localAt", () -> primaryKey.invoke(null, "s", LocalDateTime.MAX, o, z));
    assertRefused("WK104", "localAt", () -> primaryKey.invoke(null, "s", l.plusNanos(1), o, z));
    assertRefused(
        "WK104", "offsetAt", () -> primaryKey.invoke(null, "s", l, OffsetDateTime.MIN, z));
    assertRefused(
        "WK104", "zonedAt", () -> primaryKey.invoke(null, "s", l, o, z.plusNanos(500_000)));
    assertRefused("WK111", "zonedAt", () -> primaryKey.invoke(null, "s", l, o, null));
  }

  @Test
  void aStoredEpochDayNoLocalDateHasIsNotDecoded() throws Exception {
    Method decode = timeKeys.loadClass("good.TimeKeysKeys").getMethod("decode", PrimaryKey.class);
    // 999999999999 days is past LocalDate.MAX; 12 digits fit the padding
    PrimaryKey forged =
        PrimaryKey.of(
            PkValue.ofString("d1,999999999999"),
            PkValue.ofInteger(0),
            PkValue.ofInteger(0),
            PkValue.ofInteger(0));
    assertRefused("WK104", "day", () -> decode.invoke(null, forged));
  }

  private interface Call {
    Object call() throws Exception;
  }

  private static void assertRefused(String rule, String field, Call call) {
    InvocationTargetException e = assertThrows(InvocationTargetException.class, () -> call.call());
    assertThat(e.getCause()).isInstanceOf(InvalidKeyException.class);
    InvalidKeyException k = (InvalidKeyException) e.getCause();
    assertThat(k.rule()).isEqualTo(rule);
    assertThat(k.field()).isEqualTo(field);
  }
}
