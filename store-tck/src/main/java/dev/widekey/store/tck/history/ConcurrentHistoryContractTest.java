package dev.widekey.store.tck.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.core.store.PkType;
import dev.widekey.runtime.repository.ContendedWriteException;
import dev.widekey.runtime.repository.SplitTableRepository;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WriteCondition;
import dev.widekey.store.tck.entities.SplitRegister;
import dev.widekey.store.tck.entities.SplitRegisterRepository;
import dev.widekey.store.tck.entities.SplitRegisterTable;
import dev.widekey.store.tck.history.HistoryChecker.FinalCounter;
import dev.widekey.store.tck.history.HistoryEvent.Increment;
import dev.widekey.store.tck.history.HistoryEvent.Op;
import dev.widekey.store.tck.history.HistoryEvent.Outcome;
import dev.widekey.store.tck.history.HistoryEvent.Read;
import dev.widekey.store.tck.history.HistoryEvent.Write;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A history-checked concurrency test every store runs, in the manner of Jepsen's register and
 * counter tests: at least 8 clients, spread over several store instances that share one set of data
 * (several connections to one cluster; for the embedded store, one store given several times), run
 * random whole-row puts and gets over 50 register keys and versioned compare-and-set increments
 * over 50 counter keys (half of them stored without a version at first, whose first increment is a
 * {@code columnAbsent} put) for {@code -Dwidekey.history.seconds} (20 by default). Every call is
 * recorded with its invocation and return time; {@link HistoryChecker} then looks for mixed rows,
 * stale or lost reads and lost increments, and the test prints the operation and anomaly counts and
 * fails on any anomaly.
 *
 * <p>A backend's subclass supplies the store instances and owns their lifecycle; the test creates
 * and drops its own table through the SPI:
 *
 * <pre>{@code
 * class HBaseConcurrentHistoryTest extends ConcurrentHistoryContractTest {
 *   @Override protected List<WideTableStore> stores() { return List.of(cluster.store(), cluster.store()); }
 * }
 * }</pre>
 *
 * <p>A second test runs the same clients on split entities ({@link SplitRegister}: a hot row and a
 * cold row, every column carrying the write id), over {@value #SPLIT_KEYS} keys: puts, inserts,
 * updates, deletes, and reads with and without cold columns, half the clients through a {@link
 * JitterStore} that pauses them for a few milliseconds between the calls of one write or read. It
 * checks that no read mixes two writes' hot and cold columns, that none is stale or lost in
 * real-time order (deletes are writes of "no row"), and that no refused insert or update is ever
 * read; it runs for {@code -Dwidekey.history.seconds} if set, else {@value #SPLIT_SECONDS} seconds.
 *
 * <p>The workload is seeded: {@code -Dwidekey.history.seed=N} replays the same choices (the
 * interleaving is the machine's), and the seed is printed.
 */
public abstract class ConcurrentHistoryContractTest {
  /** How long the clients run, in seconds. */
  public static final String SECONDS_PROPERTY = "widekey.history.seconds";

  /** The seed of the clients' random choices. */
  public static final String SEED_PROPERTY = "widekey.history.seed";

  /** Register keys and counter keys, each. */
  protected static final int KEYS = 50;

  /** Keys of the split-entity history: few, so that writers of one entity overlap. */
  protected static final int SPLIT_KEYS = 6;

  /** How long the split-entity clients run unless {@value #SECONDS_PROPERTY} is set. */
  protected static final long SPLIT_SECONDS = 3;

  /** The columns of a register row, each carrying the write id. */
  private static final String[] COLUMNS = {"c0", "c1", "c2"};

  /**
   * Store instances over the same data, at least two (the same instance may be given twice); client
   * {@code i} uses instance {@code i % size}. The subclass opens and closes them.
   */
  protected abstract List<WideTableStore> stores();

  /** Client threads; at least 8. */
  protected int clients() {
    return 8;
  }

  /**
   * The most operations recorded before the clients stop early, so that a fast store's history
   * stays within memory; the run prints when it stopped early.
   */
  protected long maxOperations() {
    return 3_000_000;
  }

  /** How long the clients run: {@code -Dwidekey.history.seconds}, else 20 seconds. */
  protected long seconds() {
    return Long.getLong(SECONDS_PROPERTY, 20);
  }

  /**
   * How long the split-entity clients run: {@code -Dwidekey.history.seconds} if set (as {@link
   * #seconds()} reads it), else at most {@value #SPLIT_SECONDS} seconds.
   */
  protected long splitSeconds() {
    return System.getProperty(SECONDS_PROPERTY) != null
        ? seconds()
        : Math.min(seconds(), SPLIT_SECONDS);
  }

  @Test
  public void concurrentClientsLeaveAHistoryWithoutAnomalies() throws Exception {
    long seed = Long.getLong(SEED_PROPERTY, ThreadLocalRandom.current().nextLong());
    HistoryChecker.Report report = runHistory(seconds(), seed);
    assertEquals(0, report.anomalyCount(), report::toString);
  }

  /**
   * Runs the clients on {@link #stores()} for {@code seconds} in a table of their own (created and
   * dropped through the SPI), prints the figures and returns the checker's report.
   */
  protected final HistoryChecker.Report runHistory(long seconds, long seed) throws Exception {
    List<WideTableStore> stores = stores();
    assertTrue(stores.size() >= 2, "at least two store instances over the same data");
    assertTrue(clients() >= 8, "at least 8 clients");
    String table = "wk_history_" + Long.toString(ThreadLocalRandom.current().nextLong() >>> 1, 36);
    TableSpec spec = new TableSpec(table, List.of(new PkColumn("key", PkType.STRING)));
    stores.get(0).createTable(spec);
    try {
      return run(stores, table, seconds, seed);
    } finally {
      stores.get(0).deleteTable(table);
    }
  }

  private HistoryChecker.Report run(
      List<WideTableStore> stores, String table, long seconds, long seed) throws Exception {
    for (int k = 0; k < KEYS; k++) {
      // odd counters start as rows stored before they had a version (no version column), as a
      // row written before its entity had a @Version: their first increment is a version-0 put
      // under columnAbsent, which exactly one of the clients racing for it may win
      Row start =
          k % 2 == 0
              ? counterRow(k, 0, 0)
              : Row.of(counterKey(k), Map.of("count", AttrValue.ofInteger(0)));
      stores.get(0).put(table, start, WriteCondition.rowAbsent());
    }
    HistoryRecorder history = new HistoryRecorder();
    Map<ErrorKind, AtomicLong> errors = new ConcurrentHashMap<>();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    List<Runnable> clients = new ArrayList<>();
    for (int c = 0; c < clients(); c++) {
      Client client =
          new Client(
              c, stores.get(c % stores.size()), table, new Random(seed + c), history, errors);
      clients.add(() -> client.run(deadline, maxOperations()));
    }
    runAll(clients, seconds);
    boolean stoppedEarly = history.size() >= maxOperations();

    // the final state, through every instance: each must show the latest row of every key
    for (int s = 0; s < stores.size(); s++) {
      for (int k = 0; k < KEYS; k++) {
        long start = System.nanoTime();
        Optional<Row> row = stores.get(s).get(table, registerKey(k), ColumnSelection.all());
        history.add(new Read(-1 - s, registerName(k), ids(row), start, System.nanoTime()));
      }
    }
    Map<String, FinalCounter> counters = new HashMap<>();
    for (int k = 0; k < KEYS; k++) {
      Row row = stores.get(0).get(table, counterKey(k), ColumnSelection.all()).orElseThrow();
      counters.put(counterName(k), new FinalCounter(versionOf(row), row.get("count").asLong()));
    }

    List<HistoryEvent> events = history.events();
    HistoryChecker.Report report = HistoryChecker.check(events, counters);
    Map<String, Long> tally = tally(events);
    // test output: the figures of the run, whatever its outcome
    System.out.println(
        "history on "
            + stores.get(0)
            + " ("
            + stores.size()
            + " instances, "
            + clients()
            + " clients, "
            + seconds
            + " s"
            + (stoppedEarly ? ", stopped early at " + maxOperations() + " operations" : "")
            + ", seed "
            + seed
            + "): "
            + events.size()
            + " operations "
            + tally
            + ", errors "
            + errors
            + ", anomalies "
            + report.anomalyCount());
    return report;
  }

  /** A counter row's version: 0 while it has none (stored before it had a version). */
  private static long versionOf(Row counter) {
    AttrValue version = counter.get("version");
    return version == null ? 0 : version.asLong();
  }

  private static Map<String, Long> tally(List<HistoryEvent> events) {
    Map<String, Long> out = new java.util.LinkedHashMap<>();
    Map<String, Long> writes = new java.util.LinkedHashMap<>();
    Map<Outcome, Long> increments = new EnumMap<>(Outcome.class);
    long reads = 0;
    for (HistoryEvent e : events) {
      if (e instanceof Write w) {
        writes.merge(
            w.op().name().toLowerCase(java.util.Locale.ROOT) + "s " + w.outcome(), 1L, Long::sum);
      } else if (e instanceof Increment i) {
        increments.merge(i.outcome(), 1L, Long::sum);
      } else {
        reads++;
      }
    }
    out.put("reads", reads);
    new java.util.TreeMap<>(writes).forEach(out::put);
    increments.forEach((o, n) -> out.put("increments " + o, n));
    return out;
  }

  @Test
  public void splitEntitiesLeaveAHistoryWithoutAnomalies() throws Exception {
    long seed = Long.getLong(SEED_PROPERTY, ThreadLocalRandom.current().nextLong());
    SplitHistory run = runSplitHistory(splitSeconds(), seed);
    assertEquals(0, run.report().anomalyCount(), run.report()::toString);
    assertEquals(0, run.unexpectedErrors(), () -> "errors no correct store gives: " + run);
    // concurrent writes and deletes leave no garbage: each commit and each delete compares the
    // tag it read, so it knows which cold row it replaced; only a call whose outcome stayed
    // unknown (a retryable error other than losing every compare-and-set) may leave one
    assertTrue(
        run.unnamedColdRows() <= run.inDoubtCalls(),
        () -> run.unnamedColdRows() + " cold rows no hot row names: " + run);
  }

  /**
   * What a split-entity run found: the checker's report, the calls that failed with an error no
   * correct store gives (not retryable, not a refused condition: a hot row naming a missing cold
   * row, a cold row of another entity), the cold rows no hot row names when the clients stopped
   * (garbage, never read), and the calls whose outcome stayed unknown (retryable errors other than
   * a write or delete that lost its compare-and-set on every attempt, which cleans up after
   * itself).
   */
  public record SplitHistory(
      HistoryChecker.Report report,
      long unexpectedErrors,
      long unnamedColdRows,
      long inDoubtCalls) {}

  /**
   * Runs the split-entity clients on {@link #stores()} for {@code seconds} (tables {@value
   * SplitRegisterTable#NAME} and its cold table, dropped before and after), prints the figures and
   * returns what was found.
   */
  protected final SplitHistory runSplitHistory(long seconds, long seed) throws Exception {
    List<WideTableStore> stores = stores();
    assertTrue(stores.size() >= 2, "at least two store instances over the same data");
    assertTrue(clients() >= 8, "at least 8 clients");
    dropSplitTables(stores.get(0));
    new SplitRegisterRepository(stores.get(0)).createTables();
    try {
      // not recorded: every instance finds both tables (a cluster client locates their regions)
      for (WideTableStore store : stores) {
        SplitRegisterRepository warm = new SplitRegisterRepository(store);
        warm.put(splitRegister("warm", 0, true));
        warm.getWithCold("warm");
        warm.delete("warm");
      }
      return runSplit(stores, seconds, seed);
    } finally {
      dropSplitTables(stores.get(0));
    }
  }

  private static void dropSplitTables(WideTableStore store) {
    store.deleteTable(SplitRegisterTable.NAME);
    store.deleteTable(SplitRegisterTable.COLD_NAME);
  }

  /** Runs every client on a thread of its own until each has returned (its deadline passed). */
  private static void runAll(List<Runnable> clients, long seconds) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(clients.size());
    try {
      List<Future<?>> running = new ArrayList<>();
      for (Runnable client : clients) {
        running.add(pool.submit(client));
      }
      for (Future<?> f : running) {
        f.get(seconds + 300, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
  }

  private SplitHistory runSplit(List<WideTableStore> stores, long seconds, long seed)
      throws Exception {
    HistoryRecorder history = new HistoryRecorder();
    Map<ErrorKind, AtomicLong> errors = new ConcurrentHashMap<>();
    AtomicLong unexpected = new AtomicLong();
    AtomicLong inDoubt = new AtomicLong();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    List<Runnable> clients = new ArrayList<>();
    int paused = 0;
    for (int c = 0; c < clients(); c++) {
      WideTableStore store = stores.get(c % stores.size());
      // half the clients of every instance pause between their calls
      boolean pauses = (c / stores.size()) % 2 == 1;
      if (pauses) {
        store = new JitterStore(store, 0.5, 3_000);
        paused++;
      }
      SplitClient client =
          new SplitClient(
              c,
              new SplitRegisterRepository(store),
              new Random(seed + c),
              history,
              errors,
              unexpected,
              inDoubt);
      clients.add(() -> client.run(deadline, maxOperations()));
    }
    runAll(clients, seconds);
    boolean stoppedEarly = history.size() >= maxOperations();

    // the final state, through every instance: each must show the latest write of every key
    for (int s = 0; s < stores.size(); s++) {
      SplitRegisterRepository repository = new SplitRegisterRepository(stores.get(s));
      for (int k = 0; k < SPLIT_KEYS; k++) {
        long start = System.nanoTime();
        Optional<SplitRegister> read;
        try {
          read = repository.getWithCold(splitName(k));
        } catch (StoreException e) {
          SplitClient.count(e, errors, unexpected, inDoubt);
          continue;
        }
        history.add(new Read(-1 - s, splitName(k), splitIds(read, true), start, System.nanoTime()));
      }
    }
    long unnamed = unnamedColdRows(stores.get(0));

    List<HistoryEvent> events = history.events();
    HistoryChecker.Report report = HistoryChecker.check(events, Map.of());
    // test output: the figures of the run, whatever its outcome
    System.out.println(
        "split history on "
            + stores.get(0)
            + " ("
            + stores.size()
            + " instances, "
            + clients()
            + " clients, "
            + paused
            + " pausing between calls, "
            + SPLIT_KEYS
            + " keys, "
            + seconds
            + " s"
            + (stoppedEarly ? ", stopped early at " + maxOperations() + " operations" : "")
            + ", seed "
            + seed
            + "): "
            + events.size()
            + " operations "
            + tally(events)
            + ", errors "
            + errors
            + ", unexpected errors "
            + unexpected.get()
            + ", unnamed cold rows "
            + unnamed
            + ", anomalies "
            + report.anomalyCount()
            + (report.anomalyCount() == 0 ? "" : " " + kinds(report)));
    return new SplitHistory(report, unexpected.get(), unnamed, inDoubt.get());
  }

  private static Map<HistoryChecker.Kind, Long> kinds(HistoryChecker.Report report) {
    Map<HistoryChecker.Kind, Long> out = new EnumMap<>(HistoryChecker.Kind.class);
    report.anomalies().forEach(a -> out.merge(a.kind(), 1L, Long::sum));
    return out;
  }

  /** Cold rows whose tag no hot row names: garbage of raced deletes, never read. */
  private static long unnamedColdRows(WideTableStore store) {
    new SplitRegisterRepository(store).flushDeletes(); // replaced rows' deletes still queued
    Set<String> named;
    try (Stream<Row> hot = store.scan(SplitRegisterTable.NAME, ScanRange.all(1))) {
      named =
          hot.filter(r -> r.get(SplitTableRepository.COLD_TAG) != null)
              .map(r -> r.key().get(0) + "/" + r.get(SplitTableRepository.COLD_TAG).asLong())
              .collect(Collectors.toSet());
    }
    try (Stream<Row> cold = store.scan(SplitRegisterTable.COLD_NAME, ScanRange.all(2))) {
      return cold.filter(r -> !named.contains(r.key().get(0) + "/" + r.key().get(1).asLong()))
          .count();
    }
  }

  private static String splitName(int k) {
    return "s" + k;
  }

  /**
   * A split register written by write {@code id}: every column carries it; without cold values (no
   * cold row) when {@code withCold} is false, which its hot text says.
   */
  private static SplitRegister splitRegister(String key, long id, boolean withCold) {
    return withCold
        ? new SplitRegister(key, id, "w" + id, id, "c" + id)
        : new SplitRegister(key, id, "h" + id, null, null);
  }

  /**
   * The write id in each column of a split register read, {@code -1} where a column holds none or
   * not the one its hot row implies: hot id, hot text, and with cold columns, cold id and cold text
   * (both empty for a write without cold values, which then count as its own id).
   */
  private static long[] splitIds(Optional<SplitRegister> read, boolean withCold) {
    if (read.isEmpty()) {
      return null;
    }
    SplitRegister r = read.get();
    String text = r.hotText();
    long textId = text == null || text.isEmpty() ? -1 : parse(text.substring(1));
    if (!withCold) {
      return new long[] {r.hotId(), textId};
    }
    boolean noCold = text != null && text.startsWith("h");
    long coldId;
    long coldTextId;
    if (noCold) {
      coldId = r.coldId() == null ? textId : -1;
      coldTextId = r.coldText() == null ? textId : -1;
    } else {
      coldId = r.coldId() == null ? -1 : r.coldId();
      coldTextId =
          r.coldText() == null || r.coldText().isEmpty() ? -1 : parse(r.coldText().substring(1));
    }
    return new long[] {r.hotId(), textId, coldId, coldTextId};
  }

  // ------------------------------------------------------------------------------ the rows

  private static String registerName(int k) {
    return String.format("r%02d", k);
  }

  private static String counterName(int k) {
    return String.format("c%02d", k);
  }

  private static PrimaryKey registerKey(int k) {
    return PrimaryKey.of(PkValue.ofString(registerName(k)));
  }

  private static PrimaryKey counterKey(int k) {
    return PrimaryKey.of(PkValue.ofString(counterName(k)));
  }

  /** A register row carrying {@code id} in every column, in more than one type. */
  private static Row registerRow(int k, long id) {
    Map<String, AttrValue> columns = new HashMap<>();
    columns.put(COLUMNS[0], AttrValue.ofInteger(id));
    columns.put(COLUMNS[1], AttrValue.ofString("w" + id));
    columns.put(
        COLUMNS[2],
        AttrValue.ofBinary(Long.toString(id).getBytes(java.nio.charset.StandardCharsets.US_ASCII)));
    return Row.of(registerKey(k), columns);
  }

  /** The id in each column of a register row read, {@code -1} where a column holds none. */
  private static long[] ids(Optional<Row> read) {
    if (read.isEmpty()) {
      return null;
    }
    Row row = read.get();
    long[] ids = new long[COLUMNS.length];
    AttrValue c0 = row.get(COLUMNS[0]);
    AttrValue c1 = row.get(COLUMNS[1]);
    AttrValue c2 = row.get(COLUMNS[2]);
    ids[0] = c0 == null ? -1 : c0.asLong();
    ids[1] = c1 == null ? -1 : parse(c1.asString().substring(1));
    ids[2] =
        c2 == null
            ? -1
            : parse(new String(c2.asBinary(), java.nio.charset.StandardCharsets.US_ASCII));
    return ids;
  }

  private static long parse(String digits) {
    try {
      return Long.parseLong(digits);
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  private static Row counterRow(int k, long version, long count) {
    return Row.of(
        counterKey(k),
        Map.of("version", AttrValue.ofInteger(version), "count", AttrValue.ofInteger(count)));
  }

  /** The error kinds whose first non-retryable error a client has printed. */
  private static final Set<ErrorKind> SHOWN = ConcurrentHashMap.newKeySet();

  /**
   * Prints the first non-retryable error of each kind a client meets (its outcome is counted as
   * unknown either way), so that a run under faults shows what such an error was.
   */
  private static void showFirst(StoreException e) {
    if (SHOWN.add(e.kind())) {
      // test output: what the error was, once per kind
      System.out.println(
          "history: first " + e.kind() + " error (not retryable): " + e.getMessage());
    }
  }

  // ----------------------------------------------------------------------------- a client

  /**
   * One client of the split-entity history: random operations until the deadline, each recorded.
   */
  private static final class SplitClient {
    private final int id;
    private final SplitRegisterRepository repository;
    private final Random random;
    private final HistoryRecorder history;
    private final Map<ErrorKind, AtomicLong> errors;
    private final AtomicLong unexpected;
    private final AtomicLong inDoubt;

    SplitClient(
        int id,
        SplitRegisterRepository repository,
        Random random,
        HistoryRecorder history,
        Map<ErrorKind, AtomicLong> errors,
        AtomicLong unexpected,
        AtomicLong inDoubt) {
      this.id = id;
      this.repository = repository;
      this.random = random;
      this.history = history;
      this.errors = errors;
      this.unexpected = unexpected;
      this.inDoubt = inDoubt;
    }

    void run(long deadline, long maxOperations) {
      while (System.nanoTime() < deadline && history.size() < maxOperations) {
        int choice = random.nextInt(100);
        String key = splitName(random.nextInt(SPLIT_KEYS));
        if (choice < 22) {
          write(key, Op.PUT);
        } else if (choice < 34) {
          write(key, Op.INSERT);
        } else if (choice < 46) {
          write(key, Op.UPDATE);
        } else if (choice < 56) {
          write(key, Op.DELETE);
        } else if (choice < 90) {
          read(key, true);
        } else {
          read(key, false);
        }
      }
    }

    private void write(String key, Op op) {
      long writeId = history.nextWriteId();
      // one write in five has no cold values: its hot row names no cold row
      SplitRegister entity = splitRegister(key, writeId, random.nextInt(5) != 0);
      long start = System.nanoTime();
      Outcome outcome;
      try {
        switch (op) {
          case PUT -> repository.put(entity);
          case INSERT -> repository.insert(entity);
          case UPDATE -> repository.update(entity);
          case DELETE -> repository.delete(key);
        }
        outcome = Outcome.OK;
      } catch (StoreException e) {
        outcome = failed(e);
      }
      history.add(new Write(id, key, writeId, start, System.nanoTime(), outcome, op));
    }

    private void read(String key, boolean withCold) {
      long start = System.nanoTime();
      Optional<SplitRegister> read;
      try {
        read = withCold ? repository.getWithCold(key) : repository.get(key);
      } catch (StoreException e) {
        failed(e); // a read that failed shows nothing
        return;
      }
      history.add(new Read(id, key, splitIds(read, withCold), start, System.nanoTime()));
    }

    /**
     * A refused condition was not applied; a retryable failure may or may not have been; any other
     * is one no correct store gives (counted apart), its outcome unknown too.
     */
    private Outcome failed(StoreException e) {
      if (e.kind() == ErrorKind.CONDITION_FAILED) {
        return Outcome.FAIL;
      }
      count(e, errors, unexpected, inDoubt);
      return Outcome.UNKNOWN;
    }

    static void count(
        StoreException e,
        Map<ErrorKind, AtomicLong> errors,
        AtomicLong unexpected,
        AtomicLong inDoubt) {
      errors.computeIfAbsent(e.kind(), x -> new AtomicLong()).incrementAndGet();
      if (!e.retryable()) {
        showFirst(e);
        unexpected.incrementAndGet();
      } else if (!lostEveryAttempt(e)) {
        inDoubt.incrementAndGet();
      }
    }

    /** A write or delete that lost its compare-and-set every time: nothing written, cleaned up. */
    private static boolean lostEveryAttempt(StoreException e) {
      return e instanceof ContendedWriteException;
    }
  }

  /** One client thread: random operations until the deadline, each recorded. */
  private static final class Client {
    private final int id;
    private final WideTableStore store;
    private final String table;
    private final Random random;
    private final HistoryRecorder history;
    private final Map<ErrorKind, AtomicLong> errors;

    Client(
        int id,
        WideTableStore store,
        String table,
        Random random,
        HistoryRecorder history,
        Map<ErrorKind, AtomicLong> errors) {
      this.id = id;
      this.store = store;
      this.table = table;
      this.random = random;
      this.history = history;
      this.errors = errors;
    }

    void run(long deadline, long maxOperations) {
      while (System.nanoTime() < deadline && history.size() < maxOperations) {
        int choice = random.nextInt(100);
        int k = random.nextInt(KEYS);
        if (choice < 40) {
          put(k);
        } else if (choice < 80) {
          get(k);
        } else {
          increment(k);
        }
      }
    }

    private void put(int k) {
      long writeId = history.nextWriteId();
      Row row = registerRow(k, writeId);
      long start = System.nanoTime();
      Outcome outcome;
      try {
        store.put(table, row);
        outcome = Outcome.OK;
      } catch (StoreException e) {
        outcome = failed(e);
      }
      history.add(new Write(id, registerName(k), writeId, start, System.nanoTime(), outcome));
    }

    private void get(int k) {
      long start = System.nanoTime();
      Optional<Row> row;
      try {
        row = store.get(table, registerKey(k), ColumnSelection.all());
      } catch (StoreException e) {
        failed(e); // a read that failed shows nothing
        return;
      }
      history.add(new Read(id, registerName(k), ids(row), start, System.nanoTime()));
    }

    private void increment(int k) {
      long start = System.nanoTime();
      Row seen;
      try {
        seen = store.get(table, counterKey(k), ColumnSelection.all()).orElseThrow();
      } catch (StoreException e) {
        failed(e);
        return;
      }
      long version = versionOf(seen);
      Row next = counterRow(k, version + 1, seen.get("count").asLong() + 1);
      Outcome outcome;
      try {
        store.put(
            table,
            next,
            seen.get("version") == null
                ? WriteCondition.columnAbsent("version", true)
                : WriteCondition.columnEquals("version", AttrValue.ofInteger(version)));
        outcome = Outcome.OK;
      } catch (StoreException e) {
        outcome = failed(e);
      }
      history.add(new Increment(id, counterName(k), version, start, System.nanoTime(), outcome));
    }

    /**
     * A failed condition was not applied; any other failure may or may not have been (a timeout
     * after the store applied it), so its outcome is unknown.
     */
    private Outcome failed(StoreException e) {
      if (e.kind() == ErrorKind.CONDITION_FAILED) {
        return Outcome.FAIL;
      }
      errors.computeIfAbsent(e.kind(), x -> new AtomicLong()).incrementAndGet();
      if (!e.retryable()) {
        showFirst(e);
      }
      return Outcome.UNKNOWN;
    }
  }
}
