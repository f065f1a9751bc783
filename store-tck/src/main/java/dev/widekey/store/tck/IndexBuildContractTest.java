package dev.widekey.store.tck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.core.store.ReservedNames;
import dev.widekey.runtime.query.ContinuationKey;
import dev.widekey.runtime.repository.IndexBuildResult;
import dev.widekey.runtime.repository.IndexNotBuiltException;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.store.tck.entities.RebuiltTicket;
import dev.widekey.store.tck.entities.RebuiltTicketRepository;
import dev.widekey.store.tck.history.JitterStore;
import jakarta.data.page.CursoredPage;
import jakarta.data.page.PageRequest;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * An {@code @Index} added to an entity with stored rows, built while writers of the new version
 * move indexed values and delete entities ({@link RebuiltTicket}). Each key has one writer, whose
 * every write is recorded with its outcome, so the stored state each key must end in is known; the
 * build runs concurrently under random pauses ({@link JitterStore}). Checked afterwards: no write
 * is lost (each key holds its last write, or is absent after a delete, or holds its first version's
 * row if no one wrote it), and every read through the index (scan, pages, count, exists) returns
 * exactly the stored entities whose value matches. Before the build a read through the index
 * refuses, typed.
 */
public abstract class IndexBuildContractTest {
  private static final List<String> QUEUES = List.of("red", "green", "blue");
  private static final String HOT = "tck_rebuilt_tickets";
  private static final String INDEX = HOT + "_by_queue";
  private static final String TAG_COLUMN = ReservedNames.INDEX_TAG_COLUMN_PREFIX + "by_queue";

  /** The store under test; the subclass opens and closes it. */
  protected abstract WideTableStore store();

  /** Tickets stored by the first version ({@code -Dwidekey.index.build.rows}, else 60). */
  protected int storedRows() {
    return Integer.getInteger("widekey.index.build.rows", 60);
  }

  /** Writes each writer runs at least, and goes on with until the build ends. */
  protected int writesPerWriter() {
    return Integer.getInteger("widekey.index.build.writes", 60);
  }

  private String prefix;

  @BeforeEach
  void clean() {
    WideTableStore store = store();
    for (String table : List.of(INDEX, HOT + "_cold", HOT)) {
      store.deleteTable(table);
    }
    try {
      store.delete(
          ReservedNames.INDEX_BUILD_TABLE, PrimaryKey.of(List.of(PkValue.ofString(INDEX))));
    } catch (StoreException e) {
      if (e.kind() != ErrorKind.TABLE_NOT_FOUND) {
        throw e;
      }
    }
    prefix = "b" + Long.toString(System.nanoTime() % 1_000_000_000L, 36);
  }

  private String id(int i) {
    return prefix + "x" + i;
  }

  /**
   * Stores tickets as the first version left them: rows of this entity without index rows, nor the
   * hot column naming them, nor the index table.
   */
  private Map<String, RebuiltTicket> storeAsFirstVersion(Random random) {
    RebuiltTicketRepository tickets = new RebuiltTicketRepository(store());
    tickets.createTables();
    Map<String, RebuiltTicket> stored = new LinkedHashMap<>();
    for (int i = 0; i < storedRows(); i++) {
      RebuiltTicket t =
          new RebuiltTicket(
              id(i),
              QUEUES.get(random.nextInt(QUEUES.size())),
              -1 - i,
              random.nextBoolean() ? "old body " + i : null);
      stored.put(t.id(), t);
    }
    tickets.putAll(stored.values());
    List<Row> rows;
    try (Stream<Row> all = store().scan(HOT, ScanRange.all(1).withColumns(ColumnSelection.all()))) {
      rows = all.toList();
    }
    for (Row row : rows) {
      Map<String, AttrValue> columns = new LinkedHashMap<>(row.columns());
      columns.remove(TAG_COLUMN);
      // deleted first: on HBase a put leaves the cells it does not list
      store().delete(HOT, row.key());
      store().put(HOT, Row.of(row.key(), columns));
    }
    store().deleteTable(INDEX);
    return stored;
  }

  /** The last acknowledged write of a key: a ticket, or null for a delete. */
  private record Last(RebuiltTicket ticket, boolean unknown) {}

  @Test
  void anIndexBuiltWhileWritersRaceLosesNoWriteAndMissesNoEntity() throws Exception {
    long seed = System.nanoTime();
    Random random = new Random(seed);
    Map<String, RebuiltTicket> first = storeAsFirstVersion(random);
    RebuiltTicketRepository tickets = new RebuiltTicketRepository(store());
    tickets.createTables(); // the index table beside the stored tickets
    assertThrows(IndexNotBuiltException.class, () -> read(tickets, "red"));
    assertThrows(IndexNotBuiltException.class, () -> tickets.byQueue().countByQueue("red"));
    assertThrows(IndexNotBuiltException.class, () -> tickets.byQueue().existsByQueue("red"));

    // writers own the first half of the keys, a key each at a time; the rest stay as stored
    int writers = 2;
    int owned = storedRows() / 2;
    Map<String, Last> last = Collections.synchronizedMap(new HashMap<>());
    AtomicBoolean building = new AtomicBoolean(true);
    AtomicLong writeIds = new AtomicLong();
    List<Throwable> failures = Collections.synchronizedList(new ArrayList<>());
    List<Thread> threads = new ArrayList<>();
    for (int w = 0; w < writers; w++) {
      int writer = w;
      Random own = new Random(seed + 1 + w);
      RebuiltTicketRepository repo =
          new RebuiltTicketRepository(new JitterStore(store(), 0.3, 1_000));
      threads.add(
          new Thread(
              () -> {
                try {
                  for (int i = 0; i < writesPerWriter() || building.get(); i++) {
                    int k = writer + writers * own.nextInt(owned / writers);
                    String id = id(k);
                    if (last.containsKey(id) && last.get(id).unknown()) {
                      continue; // its state is unknown: left alone
                    }
                    RebuiltTicket t =
                        own.nextInt(6) == 0
                            ? null
                            : new RebuiltTicket(
                                id,
                                QUEUES.get(own.nextInt(QUEUES.size())),
                                writeIds.incrementAndGet(),
                                own.nextBoolean() ? "body" : null);
                    try {
                      if (t == null) {
                        repo.delete(id);
                      } else {
                        repo.put(t);
                      }
                      last.put(id, new Last(t, false));
                    } catch (StoreException e) {
                      if (!e.retryable()) {
                        throw e;
                      }
                      last.put(id, new Last(null, true));
                    }
                  }
                } catch (Throwable e) {
                  failures.add(e);
                }
              }));
    }
    IndexBuildResult[] built = new IndexBuildResult[1];
    threads.add(
        new Thread(
            () -> {
              try {
                built[0] =
                    new RebuiltTicketRepository(new JitterStore(store(), 0.3, 1_000))
                        .buildIndexes();
              } catch (Throwable e) {
                failures.add(e);
              } finally {
                building.set(false);
              }
            }));
    threads.forEach(Thread::start);
    for (Thread t : threads) {
      t.join();
    }
    if (!failures.isEmpty()) {
      throw new AssertionError("seed " + seed + ": a client failed", failures.get(0));
    }
    assertEquals(0, built[0].refused(), "seed " + seed + ": " + built[0]);
    assertTrue(built[0].rowsScanned() <= storedRows(), "seed " + seed + ": " + built[0]);

    // no lost write: each key holds its last acknowledged write, or its first version's row
    List<RebuiltTicket> expected = new ArrayList<>();
    for (Map.Entry<String, RebuiltTicket> e : first.entrySet()) {
      Last l = last.get(e.getKey());
      RebuiltTicket want = l == null ? e.getValue() : l.ticket();
      RebuiltTicket stored = tickets.getWithCold(e.getKey()).orElse(null);
      if (l != null && l.unknown()) {
        if (stored != null) {
          expected.add(stored);
        }
        continue;
      }
      assertEquals(want, stored, "seed " + seed + ": key " + e.getKey());
      if (stored != null) {
        expected.add(stored);
      }
    }

    // every read through the index: exactly the stored tickets of its value
    RebuiltTicketRepository reader =
        new RebuiltTicketRepository(store())
            .withContinuationKey(ContinuationKey.of(new byte[ContinuationKey.MIN_BYTES]));
    for (String queue : QUEUES) {
      List<String> want =
          expected.stream()
              .filter(t -> t.queue().equals(queue))
              .map(RebuiltTicket::id)
              .sorted()
              .toList();
      assertEquals(want, read(reader, queue), "seed " + seed + ": scan " + queue);
      assertEquals(want.size(), reader.byQueue().countByQueue(queue), "count " + queue);
      assertEquals(!want.isEmpty(), reader.byQueue().existsByQueue(queue), "exists " + queue);
      List<String> paged = new ArrayList<>();
      CursoredPage<RebuiltTicket> page = reader.byQueue().pageByQueue(queue, PageRequest.ofSize(7));
      while (true) {
        page.content().forEach(t -> paged.add(t.id()));
        if (!page.hasNext()) {
          break;
        }
        page = reader.byQueue().pageByQueue(queue, page.nextPageRequest());
      }
      assertEquals(
          want, paged.stream().filter(i -> i.startsWith(prefix)).sorted().toList(), "pages");
    }
  }

  /** A stopped build is run again: rows already indexed are skipped, the rest indexed. */
  @Test
  void aBuildRunTwiceIndexesEachRowOnce() {
    Map<String, RebuiltTicket> first = storeAsFirstVersion(new Random(7));
    RebuiltTicketRepository tickets = new RebuiltTicketRepository(store());
    IndexBuildResult once = tickets.buildIndexes();
    assertEquals(storedRows(), once.rowsScanned());
    assertEquals(storedRows(), once.indexRowsWritten());
    IndexBuildResult again = new RebuiltTicketRepository(store()).buildIndexes();
    assertEquals(0, again.indexRowsWritten());
    assertEquals(storedRows(), again.alreadyIndexed());
    for (String queue : QUEUES) {
      assertEquals(
          first.values().stream()
              .filter(t -> t.queue().equals(queue))
              .map(RebuiltTicket::id)
              .sorted()
              .toList(),
          read(tickets, queue));
    }
    try (Stream<Row> rows = store().scan(INDEX, ScanRange.all(2))) {
      assertEquals(storedRows(), rows.count(), "one index row a ticket");
    }
  }

  private List<String> read(RebuiltTicketRepository tickets, String queue) {
    try (Stream<RebuiltTicket> s = tickets.byQueue().scanByQueue(queue)) {
      return s.map(RebuiltTicket::id).filter(i -> i.startsWith(prefix)).sorted().toList();
    }
  }
}
