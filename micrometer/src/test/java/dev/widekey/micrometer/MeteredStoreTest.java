package dev.widekey.micrometer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.core.store.PkType;
import dev.widekey.runtime.retry.RetryPolicy;
import dev.widekey.runtime.retry.RetryingStore;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.ForwardingStore;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.WriteOutcome;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import dev.widekey.runtime.store.fault.FakeTime;
import dev.widekey.runtime.store.fault.FaultInjectingStore;
import dev.widekey.runtime.store.fault.Seeds;
import dev.widekey.runtime.write.BulkWriteResult;
import dev.widekey.runtime.write.BulkWriter;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class MeteredStoreTest {
  @RegisterExtension final Seeds seeds = new Seeds();

  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  private EmbeddedStore embedded;

  @BeforeEach
  void open() {
    embedded = EmbeddedStore.inMemory();
  }

  @AfterEach
  void close() {
    embedded.close();
  }

  private Timer timer(String table, String operation, String error) {
    return registry
        .find("widekey.store.operation")
        .tags(
            "db.system.name",
            "widekey.embedded",
            "db.collection.name",
            table,
            "db.operation.name",
            operation,
            "error.type",
            error)
        .timer();
  }

  private DistributionSummary summary(String name, String table, String operation) {
    return registry
        .find(name)
        .tags("db.collection.name", table, "db.operation.name", operation)
        .summary();
  }

  private double counter(String name, String table, String operation, String error) {
    Counter c =
        registry
            .find(name)
            .tags("db.collection.name", table, "db.operation.name", operation, "error.type", error)
            .counter();
    return c == null ? 0 : c.count();
  }

  @Test
  void everyOperationIsTimedWithItsTableAndName() {
    WideTableStore store = MeteredStore.wrap(embedded, registry);
    store.createTable(Rows.table("t", 100, 2));
    store.put("t", Rows.row(1, 1));
    store.put("t", Rows.row(2, 1));
    assertTrue(store.get("t", Rows.key(1), ColumnSelection.all()).isPresent());
    store.get("t", Rows.key(99), ColumnSelection.all());
    store.multiGet("t", List.of(Rows.key(1), Rows.key(2), Rows.key(3)), ColumnSelection.all());
    store.batchWrite(List.of(WriteOp.put("t", Rows.row(3, 1)), WriteOp.put("t", Rows.row(4, 1))));
    store.delete("t", Rows.key(4));
    try (Stream<Row> rows = store.scan("t", ScanRange.all(1))) {
      assertEquals(3, rows.count());
    }
    store.partitionStats("t");
    store.describeTable("t");
    store.listTables("");

    for (String op :
        List.of(
            "create_table",
            "multi_get",
            "batch_write",
            "delete",
            "scan",
            "partition_stats",
            "describe_table")) {
      Timer t = timer("t", op, "none");
      assertNotNull(t, op);
      assertEquals(1, t.count(), op);
    }
    assertEquals(2, timer("t", "get", "none").count());
    assertEquals(2, timer("t", "put", "none").count());
    assertEquals(1, timer("_none", "list_tables", "none").count());

    assertEquals(2, summary("widekey.store.rows", "t", "put").totalAmount());
    assertEquals(1, summary("widekey.store.rows", "t", "get").totalAmount(), "one get found a row");
    assertEquals(2, summary("widekey.store.rows", "t", "multi_get").totalAmount());
    assertEquals(3, summary("widekey.store.batch.size", "t", "multi_get").totalAmount());
    assertEquals(2, summary("widekey.store.batch.size", "t", "batch_write").totalAmount());
    assertEquals(3, summary("widekey.store.rows", "t", "scan").totalAmount());
    long bytes = Rows.row(1, 1).sizeInBytes() + Rows.row(2, 1).sizeInBytes();
    assertEquals(bytes, summary("widekey.store.bytes", "t", "put").totalAmount());
    assertEquals(
        bytes + Rows.row(3, 1).sizeInBytes(),
        summary("widekey.store.bytes", "t", "scan").totalAmount());
  }

  @Test
  void aScanIsRecordedWhenClosedEarlyOrWhenExhaustedOnce() {
    WideTableStore store = MeteredStore.wrap(embedded, registry);
    store.createTable(Rows.table("t", 100, 2));
    for (long i = 0; i < 10; i++) {
      store.put("t", Rows.row(i, 1));
    }
    Stream<Row> open = store.scan("t", ScanRange.all(1));
    assertEquals(null, timer("t", "scan", "none"), "nothing recorded before the stream ends");
    try (open) {
      assertEquals(4, open.limit(4).count());
    }
    assertEquals(1, timer("t", "scan", "none").count());
    assertEquals(4, summary("widekey.store.rows", "t", "scan").totalAmount());

    try (Stream<Row> rows = store.scan("t", ScanRange.all(1))) {
      assertEquals(10, rows.count()); // exhausted, then closed: recorded once
    }
    assertEquals(2, timer("t", "scan", "none").count());
    assertEquals(14, summary("widekey.store.rows", "t", "scan").totalAmount());
  }

  @Test
  void failuresCountByKindAndThrottlesApart() {
    embedded.createTable(Rows.table("t", 100, 2));
    WideTableStore faulty =
        FaultInjectingStore.builder(embedded)
            .seed(seeds.seed())
            .failRows((table, key) -> key.get(0).asLong() % 10 == 7, ErrorKind.LIMIT_EXCEEDED)
            .failReads((table, key) -> key.get(0).asLong() == 5, ErrorKind.CORRUPT_DATA)
            .build();
    WideTableStore throttling =
        new ForwardingStore(faulty) {
          @Override
          public Optional<Row> get(String table, PrimaryKey key, ColumnSelection columns) {
            throw new StoreException(ErrorKind.THROTTLED, "over quota");
          }
        };
    WideTableStore store =
        MeteredStore.builder(registry).systemName("widekey.embedded").wrap(throttling);
    // the table was created behind the metered store: its name takes a tag once the store has
    // answered for it (RefusedTableNamesTest)
    assertTrue(store.describeTable("t").isPresent());

    assertThrows(StoreException.class, () -> store.put("t", Rows.row(7, 1)));
    assertEquals(1, counter("widekey.store.failures", "t", "put", "LIMIT_EXCEEDED"));
    assertEquals(1, timer("t", "put", "LIMIT_EXCEEDED").count());

    List<WriteOutcome> outcomes =
        store.batchWrite(
            LongStream.range(0, 20)
                .mapToObj(i -> (WriteOp) WriteOp.put("t", Rows.row(i, 1)))
                .toList());
    assertEquals(2, outcomes.stream().filter(o -> !o.succeeded()).count());
    assertEquals(2, counter("widekey.store.failures", "t", "batch_write", "LIMIT_EXCEEDED"));
    assertEquals(18, summary("widekey.store.rows", "t", "batch_write").totalAmount());

    assertThrows(StoreException.class, () -> store.get("t", Rows.key(1), ColumnSelection.all()));
    assertEquals(1, counter("widekey.store.failures", "t", "get", "THROTTLED"));
    assertEquals(
        1,
        registry
            .find("widekey.store.throttles")
            .tags("db.collection.name", "t", "db.operation.name", "get")
            .counter()
            .count());

    StoreException e =
        assertThrows(
            StoreException.class,
            () -> {
              try (Stream<Row> rows = store.scan("t", ScanRange.all(1))) {
                rows.forEach(r -> {});
              }
            });
    assertEquals(ErrorKind.CORRUPT_DATA, e.kind());
    assertEquals(1, timer("t", "scan", "CORRUPT_DATA").count());
    assertEquals(1, counter("widekey.store.failures", "t", "scan", "CORRUPT_DATA"));
    assertEquals(5, summary("widekey.store.rows", "t", "scan").totalAmount(), "rows 0-4 returned");
  }

  /**
   * Property: whatever the keys and values, every tag value is from a small fixed set, and none is
   * a key's or a row's content.
   */
  @Test
  void noTagValueIsEverAKeyOrAValue() {
    Random random = new Random(seeds.seed());
    WideTableStore store = MeteredStore.builder(registry).tag("app", "test").wrap(embedded);
    TableSpec spec = new TableSpec("users", List.of(new PkColumn("id", PkType.STRING)), List.of());
    store.createTable(spec);
    Set<String> written = new HashSet<>();
    List<PrimaryKey> keys = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      String id = Long.toString(random.nextLong() & Long.MAX_VALUE, 36) + "-" + i;
      String value = "v" + random.nextInt();
      written.add(id);
      written.add(value);
      PrimaryKey key = PrimaryKey.of(PkValue.ofString(id));
      keys.add(key);
      Row row = Row.of(key, Map.of("name", AttrValue.ofString(value)));
      switch (random.nextInt(4)) {
        case 0 -> store.put("users", row);
        case 1 -> store.batchWrite(List.of(WriteOp.put("users", row)));
        case 2 -> {
          store.put("users", row);
          store.get("users", key, ColumnSelection.all());
        }
        default -> {
          store.put("users", row);
          store.delete("users", key);
        }
      }
    }
    store.multiGet("users", keys.subList(0, 50), ColumnSelection.all());
    try (Stream<Row> rows = store.scan("users", ScanRange.all(1))) {
      rows.forEach(r -> {});
    }
    Set<String> allowed =
        Set.of(
            "widekey.embedded",
            "users",
            "test",
            "none",
            "create_table",
            "put",
            "get",
            "multi_get",
            "batch_write",
            "delete",
            "scan");
    Set<String> seen = new HashSet<>();
    for (Meter m : registry.getMeters()) {
      for (Tag t : m.getId().getTags()) {
        seen.add(t.getValue());
        assertFalse(written.contains(t.getValue()), "a key or value in a tag: " + t);
      }
    }
    assertTrue(allowed.containsAll(seen), "unexpected tag values: " + seen);
  }

  @Test
  void periodTablesCountUnderTheirBaseNameAndTableNamesAreBounded() {
    assertEquals("orders", StoreMeters.baseTable("orders_2026_11"));
    assertEquals("orders", StoreMeters.baseTable("orders_2026"));
    assertEquals("orders_cold", StoreMeters.baseTable("orders_cold_2026_11_23"));
    assertEquals("orders_v2", StoreMeters.baseTable("orders_v2"));
    assertEquals("_2026", StoreMeters.baseTable("_2026"));

    WideTableStore store = MeteredStore.builder(registry).maxTables(2).wrap(embedded);
    for (String name : List.of("orders_2026_10", "orders_2026_11", "items", "extra", "more")) {
      store.createTable(Rows.table(name, 10, 1));
      store.put(name, Rows.row(1, 1));
    }
    Set<String> collections =
        registry.find("widekey.store.operation").timers().stream()
            .map(t -> t.getId().getTag("db.collection.name"))
            .collect(Collectors.toSet());
    assertEquals(Set.of("orders", "items", "_other"), collections);
    assertEquals(2, timer("orders", "put", "none").count());
    assertEquals(2, timer("_other", "put", "none").count());
  }

  @Test
  void retriesAreCountedThroughThePolicysListener() {
    embedded.createTable(Rows.table("t", 500, 2));
    FakeTime time = new FakeTime();
    WideTableStore faulty =
        FaultInjectingStore.builder(embedded)
            .seed(seeds.seed())
            .retryableErrorRate(0.3)
            .clock(time)
            .sleeper(time)
            .build();
    RetryPolicy policy =
        RetryPolicy.builder()
            .clock(time)
            .sleeper(time)
            .maxAttempts(50)
            .listener(MeteredStore.retryListener(registry))
            .build();
    WideTableStore store = MeteredStore.wrap(new RetryingStore(faulty, policy), registry);
    for (long i = 0; i < 100; i++) {
      store.put("t", Rows.row(i, 1));
    }
    double retries =
        registry.find("widekey.store.retries").counters().stream()
            .mapToDouble(Counter::count)
            .sum();
    assertTrue(retries > 0, "30% of the attempts fail and are retried");
    assertEquals(
        100,
        registry
            .find("widekey.store.operation")
            .tags("db.collection.name", "t", "db.operation.name", "put", "error.type", "none")
            .timer()
            .count(),
        "each call timed once, retries inside");
    assertEquals(
        "faultinjecting",
        registry.find("widekey.store.operation").timer().getId().getTag("db.system.name"),
        "the system name of a store widekey does not know: its class name");
  }

  @Test
  void bulkWriterProgressMovesTheMeters() {
    embedded.createTable(Rows.table("t", 2000, 4));
    List<Double> inFlight = new CopyOnWriteArrayList<>();
    var metered = MeteredBulkWriter.progress(registry, List.of(Tag.of("job", "load")));
    BulkWriteResult r =
        BulkWriter.builder(embedded)
            .workers(2)
            .seed(seeds.seed())
            .progress(
                p -> {
                  metered.accept(p);
                  inFlight.add(
                      registry.find("widekey.bulk.in.flight").tags("job", "load").gauge().value());
                })
            .build()
            .write(
                LongStream.range(0, 2000)
                    .mapToObj(i -> WriteOp.put("t", Rows.row(i, 1)))
                    .iterator());
    assertEquals(2000, r.acknowledged());
    assertEquals(
        2000, registry.find("widekey.bulk.acknowledged").tags("job", "load").counter().count());
    assertEquals(2000, registry.find("widekey.bulk.read").counter().count());
    assertTrue(registry.find("widekey.bulk.batches").counter().count() >= 10);
    Gauge gauge = registry.find("widekey.bulk.in.flight").gauge();
    assertTrue(inFlight.stream().anyMatch(v -> v > 0), "the gauge rose: " + inFlight);
    assertEquals(0, gauge.value(), "and fell back when the import ended");
  }
}
