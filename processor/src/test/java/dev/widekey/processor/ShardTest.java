package dev.widekey.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.widekey.processor.Fixtures.bad;
import static dev.widekey.processor.Fixtures.compile;
import static dev.widekey.processor.Fixtures.good;
import static dev.widekey.processor.RuleAssertions.assertError;
import static dev.widekey.processor.RuleAssertions.assertRejected;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.widekey.annotations.Profile;
import dev.widekey.core.Rule;
import dev.widekey.core.RuleViolationException;
import dev.widekey.processor.diagnostics.Messages;
import dev.widekey.runtime.repository.TimeShardedRepository;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * WK210 and WK211: time-sharded entities (passing: {@code ShardedOrder}, {@code ShardedEvent},
 * {@code ShardedHBaseDays}), and what their generated {@code FooShardedRepository} does on the
 * embedded store. The behaviour on every store is the store TCK's {@code TimeShardedContractTest}.
 */
class ShardTest {
  private final EmbeddedStore store = EmbeddedStore.inMemory();

  @AfterEach
  void close() {
    store.close();
  }

  // ---------------------------------------------------------------------------- diagnostics

  @Test
  void timeShardedNeedsWideTable() {
    JavaFileObject f = bad("wk210/ShardedWithoutWideTable");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK210,
        Messages.shardedWithoutWideTable("ShardedWithoutWideTable"),
        f,
        "@TimeSharded(by = \"createdAt\", retain = 3)");
  }

  @Test
  void theShardFieldExists() {
    JavaFileObject f = bad("wk210/ShardFieldMissing");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK210,
        Messages.shardFieldMissing("ShardFieldMissing", "created"),
        f,
        "@TimeSharded(by = \"created\"");
  }

  /**
   * A shard field that exists but is not stored (@Transient, static): the message says so, on the
   * field, instead of claiming that the entity has no field of that name.
   */
  @Test
  void theShardFieldIsStored() {
    JavaFileObject f = bad("wk210/ShardFieldTransient");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK210,
        Messages.shardFieldUnstored("ShardFieldTransient", "created", "@Transient"),
        f,
        "@Transient Instant created");

    JavaFileObject g = bad("wk210/ShardFieldStatic");
    c = compile(g);
    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK210,
        Messages.shardFieldUnstored("ShardFieldStatic", "created", "static"),
        g,
        "public static Instant created");
  }

  @Test
  void theShardFieldIsATime() {
    JavaFileObject f = bad("wk210/ShardFieldType");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(c, Rule.WK210, Messages.shardFieldType("createdAt", "long"), f, "long createdAt");
  }

  @Test
  void theShardFieldIsOnTheHotRow() {
    JavaFileObject f = bad("wk210/ShardFieldCold");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(c, Rule.WK210, Messages.shardFieldCold("createdAt"), f, "@ColdColumn Instant");
  }

  @Test
  void atLeastOnePeriodIsKeptAndNoneCreatedBehind() {
    JavaFileObject f = bad("wk210/ShardRetain");
    Compilation c = compile(f);

    assertRejected(c, 2);
    assertError(c, Rule.WK210, Messages.shardRetain(0), f, "retain = 0");
    assertError(c, Rule.WK210, Messages.shardAhead(-1), f, "retain = 0");
  }

  @Test
  void periodTableNamesAreLegal() {
    JavaFileObject f = bad("wk210/ShardTableName");
    Compilation c = compile(f);
    String base = "t".repeat(246);

    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK210,
        Messages.shardTableName("name", base, base + "_9999_12_31"),
        f,
        "@WideTable(name");
  }

  @Test
  void periodTablesFitTheTablesOfATablestoreInstance() {
    JavaFileObject f = bad("wk211/TooManyTables");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK211,
        Messages.shardTablesOverLimit("TooManyTables", 67, 32, 1, 2, Profile.TABLESTORE),
        f,
        "retain = 32");
  }

  @Test
  void aTableNamedLikeAPeriodChunkTableOfAnotherIsTaken() {
    JavaFileObject pages =
        JavaFileObjects.forSourceLines(
            "fz.Page",
            "package fz;",
            "import dev.widekey.annotations.*;",
            "@WideTable(name = \"pages\")",
            "@TimeSharded(by = \"at\", period = ShardPeriod.MONTH, retain = 2)",
            "public record Page(@PartitionKey @KeyChars(\"a-z\") String id, java.time.Instant at,",
            "    @Chunked String body) {}");
    JavaFileObject other =
        JavaFileObjects.forSourceLines(
            "fz.Other",
            "package fz;",
            "import dev.widekey.annotations.*;",
            "@WideTable(name = \"pages_chunks_2026_11\")",
            "public record Other(@PartitionKey @KeyChars(\"a-z\") String id, String v) {}");
    // the period chunk tables are pages_chunks_2026_11 and so on: the sharded entity's, whichever
    // entity comes first
    Compilation c = compile(pages, other);
    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK207,
        Messages.periodTableTaken(
            "pages_chunks_2026_11", "pages_chunks", "MONTH", "fz.Page", false),
        other,
        "@WideTable(name = \"pages_chunks_2026_11\")");

    c = compile(other, pages);
    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK207,
        Messages.periodTableTaken(
            "pages_chunks_2026_11", "pages_chunks", "MONTH", "fz.Other", true),
        pages,
        "@WideTable(name = \"pages\")");
  }

  @Test
  void theSharedFenceTableAndTheChunkTablesCount() {
    JavaFileObject f = bad("wk211/FenceTableTipsOver");
    Compilation c = compile(f);

    assertRejected(c, 1);
    String message =
        Messages.shardTablesOverLimit("FenceTableTipsOver", 65, 31, 1, 2, Profile.TABLESTORE);
    assertThat(message)
        .contains("x 2 tables per period, plus the fence table widekey_period_fences");
    assertThat(message).contains("one per store");
    assertError(c, Rule.WK211, message, f, "retain = 31");
  }

  @Test
  void anEntityTakingMoreThanHalfTheTablesIsWarned() {
    JavaFileObject f = Fixtures.warn("HalfTheTables");
    Compilation c = compile(f);

    assertThat(c).succeeded();
    String message =
        Messages.shardTablesOverHalf("HalfTheTables", 42, 40, 1, 1, Profile.TABLESTORE);
    assertThat(message).startsWith("WK211: ");
    assertThat(c)
        .hadWarningContainingMatch(
            RuleAssertions.exactly(RuleAssertions.printed(Rule.WK211, message)))
        .inFile(f)
        .onLineContaining("record HalfTheTables");
    assertThat(c).generatedSourceFile("warn.HalfTheTablesShardedRepository");
  }

  @Test
  void shardedDesignsCompileCleanly() {
    for (String entity :
        List.of("ShardedOrder", "ShardedEvent", "ShardedHBaseDays", "ShardedBucketedReading")) {
      Compilation c = compile(good(entity));
      assertThat(c).succeededWithoutWarnings();
      assertThat(c).generatedSourceFile("good." + entity + "Repository");
      assertThat(c).generatedSourceFile("good." + entity + "ShardedRepository");
    }
  }

  // ---------------------------------------------------------------------------- behaviour

  private static final Instant NOV = Instant.parse("2026-11-23T10:00:00Z");
  private static final Instant DEC = Instant.parse("2026-12-02T08:00:00Z");

  @SuppressWarnings("unchecked")
  private TimeShardedRepository<Object, ?> sharded(GeneratedClassLoader loader, String name)
      throws Exception {
    return ((TimeShardedRepository<Object, ?>)
            loader
                .loadClass(name)
                .getConstructor(dev.widekey.runtime.store.WideTableStore.class)
                .newInstance(store))
        // these tests write shard values of any date
        .allowingBackfill(dev.widekey.core.shard.Periods.FIRST, dev.widekey.core.shard.Periods.END);
  }

  @Test
  void anAttributeShardFieldIsNamedByPointReads() throws Exception {
    GeneratedClassLoader loader = new GeneratedClassLoader(compile(good("ShardedOrder")));
    Class<?> type = loader.loadClass("good.ShardedOrder");
    Constructor<?> create =
        type.getConstructor(
            String.class, long.class, Instant.class, BigDecimal.class, String.class);
    TimeShardedRepository<Object, ?> orders = sharded(loader, "good.ShardedOrderShardedRepository");
    Method get = orders.getClass().getMethod("get", String.class, long.class, Instant.class);
    Method getWithCold =
        orders.getClass().getMethod("getWithCold", String.class, long.class, Instant.class);

    Object nov = create.newInstance("c1", 1L, NOV, new BigDecimal("5.00"), "gift");
    Object dec = create.newInstance("c1", 2L, DEC, new BigDecimal("7.00"), null);
    orders.put(nov);
    orders.put(dec);

    assertThat(store.listTables("sharded_orders"))
        .containsExactly(
            "sharded_orders_2026_11",
            "sharded_orders_2026_12",
            "sharded_orders_cold_2026_11",
            "sharded_orders_cold_2026_12");
    assertThat(getWithCold.invoke(orders, "c1", 1L, NOV)).isEqualTo(Optional.of(nov));
    assertThat(get.invoke(orders, "c1", 1L, DEC)).isEqualTo(Optional.empty());
    assertThat(get.invoke(orders, "c1", 2L, Instant.parse("2027-05-01T00:00:00Z")))
        .isEqualTo(Optional.empty()); // a period without tables reads as empty
    Method scan =
        orders.getClass().getMethod("scanByCustomerId", String.class, Instant.class, Instant.class);
    try (Stream<?> rows = (Stream<?>) scan.invoke(orders, "c1", NOV, DEC.plusSeconds(1))) {
      assertThat(rows.map(r -> type.cast(r).toString()).toList()).hasSize(2);
    }
  }

  @Test
  void aKeyShardFieldFindsItsTableFromTheKey() throws Exception {
    GeneratedClassLoader loader = new GeneratedClassLoader(compile(good("ShardedEvent")));
    Constructor<?> create =
        loader
            .loadClass("good.ShardedEvent")
            .getConstructor(String.class, Instant.class, long.class, String.class);
    TimeShardedRepository<Object, ?> events = sharded(loader, "good.ShardedEventShardedRepository");
    Method get = events.getClass().getMethod("get", String.class, Instant.class, long.class);

    Object event = create.newInstance("d1", NOV, 1L, "boot");
    events.put(event);

    assertThat(store.listTables("events_")).containsExactly("events_2026_11_23");
    assertThat(get.invoke(events, "d1", NOV, 1L)).isEqualTo(Optional.of(event));
    assertThat(events.createTablesAhead(NOV))
        .containsExactly("events_2026_11_23", "events_2026_11_24", "events_2026_11_25")
        .inOrder();
  }

  @Test
  void aNullShardValueIsATypedErrorAndNothingIsWritten() throws Exception {
    GeneratedClassLoader loader = new GeneratedClassLoader(compile(good("ShardedOrder")));
    Constructor<?> create =
        loader
            .loadClass("good.ShardedOrder")
            .getConstructor(
                String.class, long.class, Instant.class, BigDecimal.class, String.class);
    TimeShardedRepository<Object, ?> orders = sharded(loader, "good.ShardedOrderShardedRepository");

    Object undated = create.newInstance("c1", 1L, null, BigDecimal.ONE, null);
    RuleViolationException e =
        assertThrows(RuleViolationException.class, () -> orders.put(undated));

    assertThat(e.getMessage()).startsWith("WK210");
    assertThat(e.getMessage()).contains("createdAt");
    assertThat(store.listTables("")).isEmpty();
    Method get = orders.getClass().getMethod("get", String.class, long.class, Instant.class);
    InvocationTargetException read =
        assertThrows(InvocationTargetException.class, () -> get.invoke(orders, "c1", 1L, null));
    assertThat(read.getCause()).isInstanceOf(RuleViolationException.class);
  }
}
