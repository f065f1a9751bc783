package dev.widekey.processor;

import static com.google.common.truth.Truth.assertThat;
import static dev.widekey.processor.Fixtures.compile;
import static dev.widekey.processor.Fixtures.good;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.widekey.core.key.InvalidKeyException;
import dev.widekey.runtime.repository.ColdRows;
import dev.widekey.runtime.repository.SplitTableRepository;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import dev.widekey.runtime.value.Compression;
import dev.widekey.runtime.value.InvalidAttributeException;
import java.lang.reflect.Method;
import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The generated code does what the design says, run on the in-memory embedded store: class entities
 * are rebuilt through setters, public fields or the all-args constructor; spliced keys scan by
 * prefix in numeric order; the hash prefix is the real digest.
 */
class GeneratedCodeBehaviourTest {
  private final WideTableStore store = EmbeddedStore.inMemory();

  @AfterEach
  void close() {
    store.close();
  }

  @Test
  void beanEntityRoundTripsThroughSettersAndPublicFields() throws Exception {
    GeneratedClassLoader loader = new GeneratedClassLoader(compile(good("BeanAccount")));
    Class<?> type = loader.loadClass("good.BeanAccount");
    SplitTableRepository<Object> repo = repository(loader, "good.BeanAccountRepository");
    Object account = type.getConstructor().newInstance();
    type.getMethod("setAccountId", String.class).invoke(account, "acc42");
    type.getMethod("setBalance", BigDecimal.class).invoke(account, new BigDecimal("5.32"));
    type.getMethod("setFrozen", boolean.class).invoke(account, true);
    type.getField("owner").set(account, "Ada");

    repo.put(account);
    Object read =
        ((Optional<?>) repo.getClass().getMethod("get", String.class).invoke(repo, "acc42"))
            .orElseThrow();

    assertThat(type.getMethod("getAccountId").invoke(read)).isEqualTo("acc42");
    assertThat(type.getMethod("getBalance").invoke(read)).isEqualTo(new BigDecimal("5.32"));
    assertThat(type.getMethod("isFrozen").invoke(read)).isEqualTo(true);
    assertThat(type.getField("owner").get(read)).isEqualTo("Ada");
  }

  @Test
  void allArgsEntityRoundTripsThroughItsConstructor() throws Exception {
    GeneratedClassLoader loader = new GeneratedClassLoader(compile(good("AllArgsAccount")));
    Class<?> type = loader.loadClass("good.AllArgsAccount");
    SplitTableRepository<Object> repo = repository(loader, "good.AllArgsAccountRepository");
    Object entry =
        type.getConstructor(String.class, long.class, long.class).newInstance("acc7", 3L, -250L);

    repo.put(entry);
    Method get = repo.getClass().getMethod("get", String.class, long.class);
    Object read = ((Optional<?>) get.invoke(repo, "acc7", 3L)).orElseThrow();

    assertThat(type.getMethod("getAccountId").invoke(read)).isEqualTo("acc7");
    assertThat(type.getMethod("getEntryNumber").invoke(read)).isEqualTo(3L);
    assertThat(type.getMethod("amountCents").invoke(read)).isEqualTo(-250L);
    assertThat((Optional<?>) get.invoke(repo, "acc7", 4L)).isEmpty();
  }

  @Test
  void splicedKeyScansOneDeviceInNumericOrder() throws Exception {
    GeneratedClassLoader loader = new GeneratedClassLoader(compile(good("DeviceTransaction")));
    Class<?> type = loader.loadClass("good.DeviceTransaction");
    SplitTableRepository<Object> repo = repository(loader, "good.DeviceTransactionRepository");
    var create =
        type.getConstructor(long.class, String.class, String.class, long.class, BigDecimal.class);
    // 540 starts with "54" and 167 sorts before 54 as unpadded text: neither may leak into device
    // 54
    for (Object[] row :
        new Object[][] {
          {540L, "a1", "C9"},
          {54L, "a1001", "C2"},
          {167L, "a100", "C3"},
          {54L, "a100", "C1"},
          {16L, "a100", "C0"}
        }) {
      repo.put(create.newInstance(row[0], row[1], row[2], 1L, BigDecimal.ONE));
    }

    Method scan = repo.getClass().getMethod("scanByDeviceId", long.class);
    List<String> device54;
    try (Stream<?> rows = (Stream<?>) scan.invoke(repo, 54L)) {
      device54 =
          rows.map(t -> invoke(type, t, "sellerId") + "/" + invoke(type, t, "cardId")).toList();
    }
    List<Long> all;
    try (Stream<Object> rows = repo.scanAll()) {
      all = rows.map(t -> (Long) invoke(type, t, "deviceId")).toList();
    }

    assertThat(device54).containsExactly("a100/C1", "a1001/C2").inOrder();
    assertThat(all).containsExactly(16L, 54L, 54L, 167L, 540L).inOrder();

    // newest first: the same rows, greatest key first
    Method descending = repo.getClass().getMethod("scanByDeviceIdDescending", long.class);
    try (Stream<?> rows = (Stream<?>) descending.invoke(repo, 54L)) {
      assertThat(rows.map(t -> invoke(type, t, "sellerId") + "/" + invoke(type, t, "cardId")))
          .containsExactly("a1001/C2", "a100/C1")
          .inOrder();
    }
    try (Stream<Object> rows = repo.scanAllDescending()) {
      assertThat(rows.map(t -> (Long) invoke(type, t, "deviceId")))
          .containsExactly(540L, 167L, 54L, 54L, 16L)
          .inOrder();
    }
  }

  @Test
  void descendingKeyColumnsSortTheGreatestValueFirstAndRoundTrip() throws Exception {
    GeneratedClassLoader loader = new GeneratedClassLoader(compile(good("NewestReading")));
    Class<?> type = loader.loadClass("good.NewestReading");
    SplitTableRepository<Object> repo = repository(loader, "good.NewestReadingRepository");
    var create = type.getConstructor(String.class, java.time.Instant.class, int.class, long.class);
    java.time.Instant t0 = java.time.Instant.ofEpochMilli(1_700_000_000_000L);
    long[] offsets = {0, 5, -3, 1000, 7};
    int[] seqs = {Integer.MIN_VALUE, -1, 0, 1, Integer.MAX_VALUE};
    for (long offset : offsets) {
      for (int seq : seqs) {
        repo.put(create.newInstance("s1", t0.plusMillis(offset), seq, offset * 10 + seq));
      }
    }
    repo.put(create.newInstance("s2", t0, 0, 0L));

    Method scan = repo.getClass().getMethod("scanBySensor", String.class);
    List<String> got;
    try (Stream<?> rows = (Stream<?>) scan.invoke(repo, "s1")) {
      got = rows.map(r -> invoke(type, r, "at") + "/" + invoke(type, r, "seq")).toList();
    }
    // key order: the newest first, and within one instant the highest sequence first
    List<String> want = new java.util.ArrayList<>();
    for (long offset : new long[] {1000, 7, 5, 0, -3}) {
      for (int i = seqs.length - 1; i >= 0; i--) {
        want.add(t0.plusMillis(offset) + "/" + seqs[i]);
      }
    }
    assertThat(got).containsExactlyElementsIn(want).inOrder();

    // the Descending twin reads the stored order backwards: the oldest first
    Method ascending = repo.getClass().getMethod("scanBySensorDescending", String.class);
    try (Stream<?> rows = (Stream<?>) ascending.invoke(repo, "s1")) {
      List<String> reversed = new java.util.ArrayList<>(want);
      java.util.Collections.reverse(reversed);
      assertThat(rows.map(r -> invoke(type, r, "at") + "/" + invoke(type, r, "seq")).toList())
          .containsExactlyElementsIn(reversed)
          .inOrder();
    }

    // [from, to) in values over a descending column, greatest first
    Method between =
        repo.getClass()
            .getMethod(
                "scanBySensorAndAtBetween",
                String.class,
                java.time.Instant.class,
                java.time.Instant.class);
    try (Stream<?> rows =
        (Stream<?>) between.invoke(repo, "s1", t0.plusMillis(-3), t0.plusMillis(7))) {
      assertThat(rows.map(r -> invoke(type, r, "at")).distinct().toList())
          .containsExactly(t0.plusMillis(5), t0, t0.plusMillis(-3))
          .inOrder();
    }
    Method seqBetween =
        repo.getClass()
            .getMethod(
                "scanBySensorAndAtAndSeqBetween",
                String.class,
                java.time.Instant.class,
                int.class,
                int.class);
    try (Stream<?> rows =
        (Stream<?>) seqBetween.invoke(repo, "s1", t0, Integer.MIN_VALUE, Integer.MAX_VALUE)) {
      assertThat(rows.map(r -> invoke(type, r, "seq")).toList())
          .containsExactly(1, 0, -1, Integer.MIN_VALUE)
          .inOrder();
    }
    try (Stream<?> rows = (Stream<?>) seqBetween.invoke(repo, "s1", t0, 0, 0)) {
      assertThat(rows.toList()).isEmpty();
    }

    Method get = repo.getClass().getMethod("get", String.class, java.time.Instant.class, int.class);
    Object read =
        ((Optional<?>) get.invoke(repo, "s1", t0.plusMillis(-3), Integer.MIN_VALUE)).orElseThrow();
    assertThat(read)
        .isEqualTo(
            create.newInstance(
                "s1", t0.plusMillis(-3), Integer.MIN_VALUE, -30L + Integer.MIN_VALUE));
  }

  @Test
  void componentsNamedLikeGeneratedLocalsKeepTheirValues() throws Exception {
    GeneratedClassLoader loader = new GeneratedClassLoader(compile(good("NameClashes")));
    Class<?> type = loader.loadClass("good.NameClashes");
    SplitTableRepository<Object> repo = repository(loader, "good.NameClashesRepository");
    var create = type.getConstructors()[0];
    for (long to = 1; to <= 5; to++) {
      repo.put(
          create.newInstance(
              7L,
              "p",
              "q",
              9L,
              to,
              "key",
              "row",
              "entity",
              "store",
              "columns",
              11L,
              "hot",
              "cold" + to));
    }

    // the key column named "from" is fixed at 9; "to" is bounded by the generated from_/to
    // parameters
    Method between =
        repo.getClass()
            .getMethod(
                "scanByStoredAndPartsAndPrefixAndFromAndToBetween",
                long.class,
                String.class,
                String.class,
                long.class,
                long.class,
                long.class);
    List<Long> tos;
    try (Stream<?> rows = (Stream<?>) between.invoke(repo, 7L, "p", "q", 9L, 2L, 4L)) {
      tos = rows.map(r -> (Long) invoke(type, r, "to")).toList();
    }
    Method getWithCold =
        repo.getClass()
            .getMethod(
                "getWithCold", long.class, String.class, String.class, long.class, long.class);
    Object read = ((Optional<?>) getWithCold.invoke(repo, 7L, "p", "q", 9L, 3L)).orElseThrow();

    assertThat(tos).containsExactly(2L, 3L).inOrder();
    Method betweenDescending =
        repo.getClass()
            .getMethod(
                "scanByStoredAndPartsAndPrefixAndFromAndToBetweenDescending",
                long.class,
                String.class,
                String.class,
                long.class,
                long.class,
                long.class);
    try (Stream<?> rows = (Stream<?>) betweenDescending.invoke(repo, 7L, "p", "q", 9L, 2L, 5L)) {
      assertThat(rows.map(r -> (Long) invoke(type, r, "to"))).containsExactly(4L, 3L, 2L).inOrder();
    }
    assertThat(read)
        .isEqualTo(
            create.newInstance(
                7L, "p", "q", 9L, 3L, "key", "row", "entity", "store", "columns", 11L, "hot",
                "cold3"));
  }

  @Test
  void hashPrefixIsTheRealMd5() throws Exception {
    GeneratedClassLoader loader = new GeneratedClassLoader(compile(good("Order")));
    Method partitionKey = loader.loadClass("good.OrderKeys").getMethod("partitionKey", long.class);

    // md5("200004") = 797e...; the seeds' illustrative "2e38"-style prefixes are not real digests
    assertThat(partitionKey.invoke(null, 200004L)).isEqualTo("797e200004");
  }

  @Test
  void aColumnsInflatedCapHoldsOnWriteAndOnRead() throws Exception {
    GeneratedClassLoader loader = new GeneratedClassLoader(compile(good("CappedNote")));
    Class<?> type = loader.loadClass("good.CappedNote");
    SplitTableRepository<Object> repo = repository(loader, "good.CappedNoteRepository");
    var create = type.getConstructor(long.class, String.class, String.class);
    repo.put(create.newInstance(1L, "t", "a".repeat(1000)));
    Method getWithCold = repo.getClass().getMethod("getWithCold", long.class);
    Object read = ((Optional<?>) getWithCold.invoke(repo, 1L)).orElseThrow();
    assertThat(type.getMethod("body").invoke(read)).isEqualTo("a".repeat(1000));
    // one byte over the column's cap: refused on write, so it can never fail on read
    Object over = create.newInstance(2L, "t", "a".repeat(1001));
    InvalidAttributeException e =
        assertThrows(InvalidAttributeException.class, () -> repo.put(over));
    assertThat(e.rule()).isEqualTo("WK203");
    // a stored value that inflates past the cap is a typed error on read
    PrimaryKey key =
        (PrimaryKey)
            loader
                .loadClass("good.CappedNoteKeys")
                .getMethod("primaryKey", long.class)
                .invoke(null, 3L);
    store.put(
        "capped_notes_cold",
        Row.of(
            ColdRows.key(key, 5),
            java.util.Map.of(
                "body",
                AttrValue.ofBinary(Compression.deflate(new byte[5000])),
                ColdRows.OWNER,
                ColdRows.owner(key))));
    store.put(
        "capped_notes",
        Row.of(
            key,
            java.util.Map.of(
                "title",
                AttrValue.ofString("t"),
                "wk_cold",
                AttrValue.ofBoolean(true),
                SplitTableRepository.COLD_TAG,
                AttrValue.ofInteger(5))));
    java.lang.reflect.InvocationTargetException failed =
        assertThrows(
            java.lang.reflect.InvocationTargetException.class, () -> getWithCold.invoke(repo, 3L));
    assertThat(failed.getCause()).isInstanceOf(StoreException.class);
    assertThat(((StoreException) failed.getCause()).kind()).isEqualTo(ErrorKind.CORRUPT_DATA);
    assertThat(failed.getCause().getMessage()).contains("1000");
  }

  /** {@code decode} of a generated Keys class, its InvalidKeyException unwrapped. */
  private static Object decode(ClassLoader loader, String keys, PrimaryKey key) throws Throwable {
    try {
      return loader.loadClass(keys).getMethod("decode", PrimaryKey.class).invoke(null, key);
    } catch (java.lang.reflect.InvocationTargetException e) {
      throw e.getCause();
    }
  }

  private static String md5Prefixed(String text) {
    return org.apache.commons.codec.digest.DigestUtils.md5Hex(text).substring(0, 4) + text;
  }

  @Test
  void decodingIsCanonicalForNumbers() throws Throwable {
    GeneratedClassLoader loader = new GeneratedClassLoader(compile(good("Order")));
    PrimaryKey five = PrimaryKey.of(PkValue.ofString(md5Prefixed("5")));
    assertThat(decode(loader, "good.OrderKeys", five).toString()).contains("orderNumber=5");
    // a raw writer can compute the MD5 prefix: these all decoded as order 5
    for (String text : new String[] {"+5", "05", "\u0665", "\uFF15", "5 "}) {
      PrimaryKey forged = PrimaryKey.of(PkValue.ofString(md5Prefixed(text)));
      InvalidKeyException e =
          assertThrows(InvalidKeyException.class, () -> decode(loader, "good.OrderKeys", forged));
      assertThat(e.rule()).isAnyOf("WK104", "WK112");
    }
  }

  @Test
  void decodingRechecksKeyCharsAndMaxLength() throws Throwable {
    GeneratedClassLoader loader = new GeneratedClassLoader(compile(good("DeviceTransaction")));
    String keys = "good.DeviceTransactionKeys";
    PrimaryKey fine = PrimaryKey.of(PkValue.ofString("000054,a100,C0FFEE01"), PkValue.ofInteger(1));
    assertThat(decode(loader, keys, fine).toString()).contains("sellerId=a100");
    // a 511-character seller id holding a NUL decoded, and its entity could not be deleted
    String seller = "a".repeat(255) + "\u0000" + "a".repeat(255);
    PrimaryKey nul =
        PrimaryKey.of(PkValue.ofString("000054," + seller + ",C0"), PkValue.ofInteger(1));
    InvalidKeyException e =
        assertThrows(InvalidKeyException.class, () -> decode(loader, keys, nul));
    assertThat(e.field()).isEqualTo("sellerId");
    assertThat(e.getMessage().length()).isLessThan(800);
    PrimaryKey upper = PrimaryKey.of(PkValue.ofString("000054,A100,C0"), PkValue.ofInteger(1));
    assertThrows(InvalidKeyException.class, () -> decode(loader, keys, upper));
    // another table's key shape is a typed error too, not an untyped one
    PrimaryKey shape = PrimaryKey.of(PkValue.ofInteger(54), PkValue.ofInteger(1));
    assertThat(assertThrows(InvalidKeyException.class, () -> decode(loader, keys, shape)).rule())
        .isEqualTo("WK112");
    PrimaryKey short_ = PrimaryKey.of(PkValue.ofString("000054,a100,C0"));
    assertThrows(InvalidKeyException.class, () -> decode(loader, keys, short_));
  }

  @Test
  void anUnknownEnumNameIsATypedError() throws Throwable {
    GeneratedClassLoader loader = new GeneratedClassLoader(compile(good("KeyTypes")));
    Class<?> keys = loader.loadClass("good.KeyTypesKeys");
    PrimaryKey stored =
        (PrimaryKey)
            java.util.Arrays.stream(keys.getMethods())
                .filter(m -> m.getName().equals("primaryKey") && m.getParameterCount() > 1)
                .findFirst()
                .orElseThrow()
                .invoke(
                    null,
                    loader.loadClass("good.KeyTypes$Region").getEnumConstants()[0],
                    java.util.UUID.randomUUID(),
                    1,
                    new byte[] {1});
    PrimaryKey forged =
        PrimaryKey.of(PkValue.ofString("NOWHERE"), stored.get(1), stored.get(2), stored.get(3));
    assertThrows(InvalidKeyException.class, () -> decode(loader, "good.KeyTypesKeys", forged));
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

  private static Object invoke(Class<?> type, Object target, String accessor) {
    try {
      return type.getMethod(accessor).invoke(target);
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
  }
}
