package dev.widekey.store.tck.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PkType;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WriteCondition;
import dev.widekey.store.tck.history.HistoryChecker.FinalCounter;
import dev.widekey.store.tck.history.HistoryEvent.Increment;
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
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * A history-checked concurrency test every store runs, in the manner of Jepsen's register and
 * counter tests: at least 8 clients, spread over several store instances that share one set of data
 * (several connections to one cluster; for the embedded store, one store given several times), run
 * random whole-row puts and gets over 50 register keys and versioned compare-and-set increments
 * over 50 counter keys for {@code -Dwidekey.history.seconds} (20 by default). Every call is
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
      stores.get(0).put(table, counterRow(k, 0, 0), WriteCondition.rowAbsent());
    }
    HistoryRecorder history = new HistoryRecorder();
    Map<ErrorKind, AtomicLong> errors = new ConcurrentHashMap<>();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    ExecutorService pool = Executors.newFixedThreadPool(clients());
    List<Future<?>> running = new ArrayList<>();
    try {
      for (int c = 0; c < clients(); c++) {
        Client client =
            new Client(
                c, stores.get(c % stores.size()), table, new Random(seed + c), history, errors);
        running.add(pool.submit(() -> client.run(deadline, maxOperations())));
      }
      for (Future<?> f : running) {
        f.get(seconds + 300, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
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
      counters.put(
          counterName(k), new FinalCounter(row.get("version").asLong(), row.get("count").asLong()));
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

  private static Map<String, Long> tally(List<HistoryEvent> events) {
    Map<String, Long> out = new java.util.LinkedHashMap<>();
    Map<Outcome, Long> writes = new EnumMap<>(Outcome.class);
    Map<Outcome, Long> increments = new EnumMap<>(Outcome.class);
    long reads = 0;
    for (HistoryEvent e : events) {
      if (e instanceof Write w) {
        writes.merge(w.outcome(), 1L, Long::sum);
      } else if (e instanceof Increment i) {
        increments.merge(i.outcome(), 1L, Long::sum);
      } else {
        reads++;
      }
    }
    out.put("reads", reads);
    writes.forEach((o, n) -> out.put("puts " + o, n));
    increments.forEach((o, n) -> out.put("increments " + o, n));
    return out;
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

  // ----------------------------------------------------------------------------- a client

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
      long version = seen.get("version").asLong();
      Row next = counterRow(k, version + 1, seen.get("count").asLong() + 1);
      Outcome outcome;
      try {
        store.put(
            table, next, WriteCondition.columnEquals("version", AttrValue.ofInteger(version)));
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
      return Outcome.UNKNOWN;
    }
  }
}
