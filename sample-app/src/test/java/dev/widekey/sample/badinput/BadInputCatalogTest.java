package dev.widekey.sample.badinput;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.core.RuleViolationException;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import dev.widekey.sample.CardTransaction;
import dev.widekey.sample.CardTransactionRepository;
import dev.widekey.sample.DeviceTransaction;
import dev.widekey.sample.DeviceTransactionRepository;
import dev.widekey.sample.Item;
import dev.widekey.sample.ItemRepository;
import dev.widekey.sample.MachineMetric;
import dev.widekey.sample.MachineMetricRepository;
import dev.widekey.sample.Order;
import dev.widekey.sample.OrderRepository;
import dev.widekey.sample.codec.HashedEvent;
import dev.widekey.sample.codec.HashedEventRepository;
import dev.widekey.sample.codec.ReversedUser;
import dev.widekey.sample.codec.ReversedUserRepository;
import dev.widekey.sample.codec.SignedReading;
import dev.widekey.sample.codec.SignedReadingRepository;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Bad inputs through the generated repositories: each is refused with a typed error naming its rule
 * and field, and the store is byte-for-byte unchanged afterwards — through a single put and through
 * a bulk put that mixes it with good entities.
 */
class BadInputCatalogTest {
  private static final Instant T0 = Instant.parse("2026-11-22T08:00:00Z");
  private static final BigDecimal ONE = BigDecimal.ONE;

  private EmbeddedStore store;
  private Repositories repos;

  /** One bad input: the rule and field it must be refused with, and how to write it. */
  record Case(String name, String rule, String field, Runnable put, Runnable putInBulk) {}

  @BeforeEach
  void openStoreWithGoodRows() {
    store = EmbeddedStore.inMemory();
    repos = new Repositories(store);
    repos.createTables();
    repos.putGoodRows();
  }

  @AfterEach
  void close() {
    store.close();
  }

  @TestFactory
  List<DynamicTest> everyBadInputIsRefusedWithItsRuleAndNothingIsWritten() {
    List<Case> cases = cases();
    assertTrue(cases.size() >= 30, "the catalogue holds " + cases.size() + " cases");
    List<DynamicTest> tests = new ArrayList<>();
    for (Case c : cases) {
      tests.add(
          DynamicTest.dynamicTest(
              c.name(),
              () -> {
                Map<String, List<Row>> before = snapshot();
                RuleViolationException single =
                    assertThrows(RuleViolationException.class, c.put()::run, c.name());
                assertRefusal(c, single);
                RuleViolationException bulk =
                    assertThrows(RuleViolationException.class, c.putInBulk()::run, c.name());
                assertRefusal(c, bulk);
                assertEquals(before, snapshot(), c.name() + ": the store changed");
              }));
    }
    return tests;
  }

  private static void assertRefusal(Case c, RuleViolationException e) {
    assertEquals(c.rule(), e.rule(), c.name() + ": " + e.getMessage());
    assertEquals(c.field(), e.field(), c.name() + ": " + e.getMessage());
    assertTrue(e.getMessage().startsWith(c.rule() + ": field '" + c.field() + "'"), e.getMessage());
  }

  private List<Case> cases() {
    List<Case> cases = new ArrayList<>();
    DeviceTransactionRepository device = repos.device;
    CardTransactionRepository card = repos.card;
    // spliced partition key: deviceId @Padded(6), sellerId/cardId @KeyChars @MaxLength(16)
    add(
        cases,
        "delimiter inside a spliced value",
        "WK105",
        "sellerId",
        device,
        new DeviceTransaction(54, "a1,C1", "X", 9, ONE));
    add(
        cases,
        "upper case outside @KeyChars",
        "WK105",
        "sellerId",
        device,
        new DeviceTransaction(54, "A100", "X", 9, ONE));
    add(
        cases,
        "space outside @KeyChars",
        "WK105",
        "sellerId",
        device,
        new DeviceTransaction(54, "a 100", "X", 9, ONE));
    add(
        cases,
        "colon outside @KeyChars",
        "WK105",
        "cardId",
        device,
        new DeviceTransaction(54, "a1", "X:1", 9, ONE));
    add(
        cases,
        "emoji outside @KeyChars",
        "WK105",
        "cardId",
        device,
        new DeviceTransaction(54, "a1", "X\uD83D\uDE00", 9, ONE));
    add(
        cases,
        "unpaired high surrogate",
        "WK105",
        "cardId",
        device,
        new DeviceTransaction(54, "a1", "X\uD800", 9, ONE));
    add(
        cases,
        "unpaired low surrogate",
        "WK105",
        "sellerId",
        device,
        new DeviceTransaction(54, "\uDC00a", "X", 9, ONE));
    add(
        cases,
        "over @MaxLength",
        "WK109",
        "sellerId",
        device,
        new DeviceTransaction(54, "a".repeat(17), "X", 9, ONE));
    add(
        cases,
        "null spliced string",
        "WK111",
        "sellerId",
        device,
        new DeviceTransaction(54, null, "X", 9, ONE));
    add(
        cases,
        "null last component",
        "WK111",
        "cardId",
        device,
        new DeviceTransaction(54, "a1", null, 9, ONE));
    add(
        cases,
        "padded overflow",
        "WK104",
        "deviceId",
        device,
        new DeviceTransaction(1_000_000, "a1", "X", 9, ONE));
    add(
        cases,
        "padded Long.MAX_VALUE",
        "WK104",
        "deviceId",
        device,
        new DeviceTransaction(Long.MAX_VALUE, "a1", "X", 9, ONE));
    add(
        cases,
        "negative when unsigned",
        "WK104",
        "deviceId",
        device,
        new DeviceTransaction(-1, "a1", "X", 9, ONE));
    add(
        cases,
        "money with too many decimals",
        "WK201",
        "amount",
        device,
        new DeviceTransaction(54, "a1", "X", 9, new BigDecimal("1.005")));
    add(
        cases,
        "money beyond a long of minor units",
        "WK201",
        "amount",
        device,
        new DeviceTransaction(54, "a1", "X", 9, new BigDecimal("1e20")));
    // card id leading, string key columns
    add(
        cases,
        "lower case card id",
        "WK105",
        "cardId",
        card,
        new CardTransaction("c0ffee", "s1", 1, 1, ONE));
    add(
        cases,
        "dash in a key column",
        "WK105",
        "sellerId",
        card,
        new CardTransaction("C1", "s-1", 1, 1, ONE));
    add(
        cases,
        "over-long partition key",
        "WK109",
        "cardId",
        card,
        new CardTransaction("C".repeat(17), "s1", 1, 1, ONE));
    add(
        cases,
        "null partition key",
        "WK111",
        "cardId",
        card,
        new CardTransaction(null, "s1", 1, 1, ONE));
    // hashed order number, money
    add(
        cases,
        "order total with 3 decimals",
        "WK201",
        "total",
        repos.order,
        new Order(200001, "C1", new BigDecimal("9.999"), T0));
    // hot/cold item
    add(
        cases,
        "price with 3 decimals",
        "WK201",
        "price",
        repos.item,
        new Item(1, 1, new BigDecimal("0.001"), "d"));
    add(
        cases,
        "cold text with an unpaired surrogate",
        "WK206",
        "description",
        repos.item,
        new Item(1, 1, ONE, "bad \uD800 text"));
    add(
        cases,
        "cold value over 2 MB after compression",
        "WK202",
        "description",
        repos.item,
        new Item(1, 1, ONE, incompressible(4_000_000)));
    // machine metrics: IP alphabet, Instant key column
    add(
        cases,
        "upper case hex in an IP",
        "WK105",
        "machineIp",
        repos.metric,
        new MachineMetric("10.0.0.A", T0, 1, 1));
    add(
        cases,
        "IP over @MaxLength",
        "WK109",
        "machineIp",
        repos.metric,
        new MachineMetric("1".repeat(46), T0, 1, 1));
    add(
        cases,
        "null timestamp key column",
        "WK111",
        "timestamp",
        repos.metric,
        new MachineMetric("10.0.0.1", null, 1, 1));
    add(
        cases,
        "sub-millisecond timestamp",
        "WK104",
        "timestamp",
        repos.metric,
        new MachineMetric("10.0.0.1", T0.plusNanos(1), 1, 1));
    // signed padding, unsigned width 19
    add(
        cases,
        "signed padding overflow",
        "WK104",
        "delta",
        repos.signed,
        new SignedReading(10_000, "a", 1, 1, "n"));
    add(
        cases,
        "signed padding underflow",
        "WK104",
        "delta",
        repos.signed,
        new SignedReading(-10_001, "a", 1, 1, "n")); // -10000 is the lowest at width 4
    add(
        cases,
        "digit outside a-z",
        "WK105",
        "label",
        repos.signed,
        new SignedReading(1, "abc1", 1, 1, "n"));
    add(
        cases,
        "negative into unsigned width 19",
        "WK104",
        "big",
        repos.signed,
        new SignedReading(1, "a", -5, 1, "n"));
    add(
        cases,
        "attribute text with an unpaired surrogate",
        "WK206",
        "note",
        repos.signed,
        new SignedReading(1, "a", 1, 1, "\uDBFF"));
    // UUID, enum, hashed tenant
    add(
        cases,
        "dash in a hashed stream name",
        "WK105",
        "stream",
        repos.hashed,
        new HashedEvent(1, "a-b", T0, UUID.randomUUID(), HashedEvent.Kind.CREATED, 1));
    add(
        cases,
        "null UUID key column",
        "WK111",
        "eventId",
        repos.hashed,
        new HashedEvent(1, "ab", T0, null, HashedEvent.Kind.CREATED, 1));
    add(
        cases,
        "null enum key column",
        "WK111",
        "kind",
        repos.hashed,
        new HashedEvent(1, "ab", T0, UUID.randomUUID(), null, 1));
    add(
        cases,
        "hashed component over its padding",
        "WK104",
        "tenant",
        repos.hashed,
        new HashedEvent(10_000_000_000L, "ab", T0, UUID.randomUUID(), HashedEvent.Kind.CREATED, 1));
    // binary key column, unbounded string key checked at run time
    ReversedUser noDevice = new ReversedUser();
    noDevice.setUserId(5);
    add(cases, "null binary key column", "WK111", "device", repos.reversed, noDevice);
    add(
        cases,
        "key column over 1 KB (ASCII)",
        "WK109",
        "title",
        repos.note,
        new Note("t".repeat(1025), "x", null));
    add(
        cases,
        "key column over 1 KB (3-byte characters)",
        "WK109",
        "title",
        repos.note,
        new Note("\u20AC".repeat(342), "x", null));
    add(
        cases,
        "binary attribute over 2 MB",
        "WK202",
        "attachment",
        repos.note,
        new Note("n", "x", new byte[2 * 1024 * 1024 + 1]));
    add(
        cases,
        "text attribute over 2 MB",
        "WK202",
        "text",
        repos.note,
        new Note("n", "x".repeat(2 * 1024 * 1024 + 1), null));
    add(
        cases,
        "tenant holding the delimiter",
        "WK105",
        "tenant",
        repos.tenant,
        new TenantDoc("acme,hr", "payroll", "salaries", "x"));
    return cases;
  }

  /** A single put, and a bulk put of good entities around the bad one. */
  private static <E> void add(
      List<Case> cases,
      String name,
      String rule,
      String field,
      dev.widekey.runtime.repository.SplitTableRepository<E> repo,
      E bad) {
    cases.add(
        new Case(
            name,
            rule,
            field,
            () -> repo.put(bad),
            () -> {
              List<E> batch = new ArrayList<>();
              repo.scanAll()
                  .limit(2)
                  .forEach(
                      batch::add); // good entities already stored: rewriting them would not show
              batch.add(bad);
              repo.putAll(batch);
            }));
  }

  private Map<String, List<Row>> snapshot() {
    Map<String, List<Row>> tables = new LinkedHashMap<>();
    for (TableSpec spec : repos.tables()) {
      try (Stream<Row> rows = store.scan(spec.name(), ScanRange.all(spec.primaryKey().size()))) {
        tables.put(spec.name(), rows.toList());
      }
    }
    return tables;
  }

  private static String incompressible(int length) {
    Random random = new Random(7);
    StringBuilder sb = new StringBuilder(length);
    for (int i = 0; i < length; i++) {
      sb.append((char) (0x4E00 + random.nextInt(20000))); // CJK: 3 UTF-8 bytes, little redundancy
    }
    return sb.toString();
  }

  /** The generated repositories under test, with a few good rows each. */
  static final class Repositories {
    final DeviceTransactionRepository device;
    final CardTransactionRepository card;
    final OrderRepository order;
    final ItemRepository item;
    final MachineMetricRepository metric;
    final SignedReadingRepository signed;
    final HashedEventRepository hashed;
    final ReversedUserRepository reversed;
    final NoteRepository note;
    final TenantDocRepository tenant;

    Repositories(EmbeddedStore store) {
      device = new DeviceTransactionRepository(store);
      card = new CardTransactionRepository(store);
      order = new OrderRepository(store);
      item = new ItemRepository(store);
      metric = new MachineMetricRepository(store);
      signed = new SignedReadingRepository(store);
      hashed = new HashedEventRepository(store);
      reversed = new ReversedUserRepository(store);
      note = new NoteRepository(store);
      tenant = new TenantDocRepository(store);
    }

    List<dev.widekey.runtime.repository.SplitTableRepository<?>> all() {
      return List.of(device, card, order, item, metric, signed, hashed, reversed, note, tenant);
    }

    void createTables() {
      all().forEach(dev.widekey.runtime.repository.SplitTableRepository::createTables);
    }

    List<TableSpec> tables() {
      List<TableSpec> specs = new ArrayList<>();
      for (var r : all()) {
        specs.add(r.hotTable());
        r.coldTable().ifPresent(specs::add);
      }
      return specs;
    }

    void putGoodRows() {
      device.putAll(
          List.of(
              new DeviceTransaction(54, "a100", "C1", 1, ONE),
              new DeviceTransaction(16, "a1", "C2", 2, ONE)));
      card.putAll(
          List.of(
              new CardTransaction("C1", "s1", 1, 1, ONE),
              new CardTransaction("C2", "s1", 1, 2, ONE)));
      order.putAll(List.of(new Order(200001, "C1", ONE, T0), new Order(200002, "C1", ONE, T0)));
      item.putAll(List.of(new Item(1, 1, ONE, "hot and cold"), new Item(2, 2, ONE, null)));
      metric.putAll(
          List.of(
              new MachineMetric("10.0.0.1", T0, 1, 1), new MachineMetric("10.0.0.2", T0, 1, 1)));
      signed.putAll(
          List.of(new SignedReading(-5, "a", 1, 1, "n"), new SignedReading(5, "b", 1, 1, "n")));
      hashed.putAll(
          List.of(
              new HashedEvent(1, "ab", T0, new UUID(1, 2), HashedEvent.Kind.CREATED, 1),
              new HashedEvent(2, "ab", T0, new UUID(3, 4), HashedEvent.Kind.DELETED, 1)));
      ReversedUser u = new ReversedUser();
      u.setUserId(1);
      u.setDevice(new byte[] {1});
      reversed.put(u);
      note.putAll(List.of(new Note("a", "x", new byte[] {1}), new Note("b", null, null)));
      tenant.putAll(
          List.of(
              new TenantDoc("acme", "payroll", "salaries", "secret"),
              new TenantDoc("evil", "x", "y", "z")));
    }
  }
}
