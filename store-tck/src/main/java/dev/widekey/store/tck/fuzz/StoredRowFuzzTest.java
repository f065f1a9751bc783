package dev.widekey.store.tck.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.core.key.InvalidKeyException;
import dev.widekey.core.store.AttrType;
import dev.widekey.core.store.Utf8;
import dev.widekey.runtime.query.ContinuationKey;
import dev.widekey.runtime.repository.ChunkRows;
import dev.widekey.runtime.repository.ColdRows;
import dev.widekey.runtime.repository.SplitTableRepository;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.OrderedKeyBytes;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.value.Compression;
import dev.widekey.store.tck.entities.ColdItem;
import dev.widekey.store.tck.entities.ColdItemKeys;
import dev.widekey.store.tck.entities.ColdItemRepository;
import dev.widekey.store.tck.entities.ColdItemTable;
import dev.widekey.store.tck.entities.DeviceSaleKeys;
import dev.widekey.store.tck.entities.DeviceSaleRepository;
import dev.widekey.store.tck.entities.DeviceSaleTable;
import dev.widekey.store.tck.entities.HashedOrderKeys;
import dev.widekey.store.tck.entities.HashedOrderRepository;
import dev.widekey.store.tck.entities.HashedOrderTable;
import dev.widekey.store.tck.entities.IndexedTicket;
import dev.widekey.store.tck.entities.IndexedTicketKeys;
import dev.widekey.store.tck.entities.IndexedTicketRepository;
import dev.widekey.store.tck.entities.IndexedTicketTable;
import dev.widekey.store.tck.entities.LargeDocumentKeys;
import dev.widekey.store.tck.entities.LargeDocumentRepository;
import dev.widekey.store.tck.entities.LargeDocumentTable;
import dev.widekey.store.tck.entities.ShardedPurchase;
import dev.widekey.store.tck.entities.ShardedPurchaseShardedRepository;
import dev.widekey.store.tck.entities.VersionedAccount;
import dev.widekey.store.tck.entities.VersionedAccountKeys;
import dev.widekey.store.tck.entities.VersionedAccountRepository;
import dev.widekey.store.tck.entities.VersionedAccountTable;
import jakarta.data.page.CursoredPage;
import jakarta.data.page.PageRequest;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * The stored-row fuzzer: writes random and malformed raw rows into the tables of the test entities
 * (random values, truncated encodings, forged markers, chunk references and chunk rows, oversized
 * and bomb values, non-canonical keys) and reads each back through the generated repositories.
 * Every read must end in one of two ways: an entity that is exactly what the stored row encodes
 * (its key and columns encode back to the stored ones), or a typed {@link StoreException}, not
 * retryable, naming the table. Nothing else: no untyped exception, no error of the heap (run it
 * with a small {@code -Xmx}).
 *
 * <p>Seeded: {@code -Dwidekey.fuzz.seed=...} replays a run, {@code -Dwidekey.fuzz.rows=...} sets
 * how many rows are stored (default 1,200); a failure names the seed, the row and the read.
 *
 * <pre>{@code
 * class EmbeddedStoredRowFuzzTest extends StoredRowFuzzTest {
 *   @Override protected WideTableStore store() { return store; }
 * }
 * }</pre>
 */
public abstract class StoredRowFuzzTest {
  /** The store under test; the subclass opens and closes it. */
  protected abstract WideTableStore store();

  /**
   * Stores a raw row, bypassing the repositories. By default through the store's SPI, which still
   * refuses what the service would (a key over 1 KB, a value over 2 MB): such rows are skipped.
   */
  protected void writeRaw(String table, Row row) {
    store().put(table, row);
  }

  /**
   * Stores a row of the service's own bytes around the store (for HBase: a random or mangled row
   * key and cells), if the store has such a form. Returns how to remove it again, or null when the
   * store has no byte form or refuses these bytes.
   */
  protected Runnable writeServiceBytes(String table, Random random) {
    return null;
  }

  /** Removes a raw row again. */
  protected void deleteRaw(String table, PrimaryKey key) {
    store().delete(table, key);
  }

  private HashedOrderRepository orders;
  private DeviceSaleRepository sales;
  private ColdItemRepository items;
  private LargeDocumentRepository documents;
  private VersionedAccountRepository accounts;
  private IndexedTicketRepository tickets;
  private ShardedPurchaseShardedRepository purchases;

  /** The two months whose period tables the forged purchases are stored in. */
  private static final Instant[] MONTHS = {
    Instant.parse("2026-11-01T00:00:00Z"), Instant.parse("2026-12-01T00:00:00Z")
  };

  private static final Instant AFTER_MONTHS = Instant.parse("2027-01-01T00:00:00Z");

  private static final List<String> QUEUES = List.of("red", "blue");

  /** Signs the page tokens of the page reads; any 32 bytes will do. */
  private static final ContinuationKey PAGE_KEY =
      ContinuationKey.of("stored-row fuzzer page tokens...".getBytes(StandardCharsets.UTF_8));

  private long seed;
  private int row;
  private String described;
  private final Map<String, Integer> outcomes = new java.util.TreeMap<>();

  @Test
  void everyStoredRowReadsAsItsEntityOrATypedError() {
    seed = Long.getLong("widekey.fuzz.seed", System.nanoTime());
    int rows = Integer.getInteger("widekey.fuzz.rows", 1_200);
    orders = new HashedOrderRepository(store());
    sales = new DeviceSaleRepository(store());
    items = new ColdItemRepository(store());
    documents = new LargeDocumentRepository(store());
    accounts = new VersionedAccountRepository(store());
    orders.createTables();
    sales.createTables();
    items.createTables();
    documents.createTables();
    accounts.createTables();
    tickets = new IndexedTicketRepository(store()).withContinuationKey(PAGE_KEY);
    tickets.createTables();
    purchases = new ShardedPurchaseShardedRepository(store()).withContinuationKey(PAGE_KEY);
    for (Instant month : MONTHS) {
      purchases.createTables(month);
    }
    Forgery forge = new Forgery(new Random(seed));
    long start = System.nanoTime();
    int stored = 0;
    int refused = 0;
    for (row = 0; stored < rows; row++) {
      if (forge.chance(15) && serviceBytes(forge)) {
        stored++;
        continue;
      }
      Case c =
          switch (forge.below(7)) {
            case 0 -> order(forge);
            case 1 -> sale(forge);
            case 2 -> item(forge);
            case 3 -> account(forge);
            case 4 -> purchase(forge);
            case 5 -> ticketIndexRow(forge);
            default -> document(forge);
          };
      described = c.toString();
      try {
        if (c.cold() != null) {
          writeRaw(c.coldTable(), c.cold());
        }
        for (Row chunk : c.chunks()) {
          writeRaw(LargeDocumentTable.CHUNKS_NAME, chunk);
        }
        writeRaw(c.table(), c.hot());
      } catch (StoreException e) {
        refused++; // the service's own checks refuse it: nothing stored to read
        cleanUp(c); // a cold row may be in, under a key the service takes
        if (c.after() != null) {
          c.after().run();
        }
        continue;
      }
      stored++;
      for (Read read : c.reads()) {
        check(c, read);
      }
      if (c.delete() != null) {
        deleteThroughRepository(c);
      }
      cleanUp(c);
      if (c.after() != null) {
        c.after().run();
      }
    }
    long millis = (System.nanoTime() - start) / 1_000_000;
    Runtime rt = Runtime.getRuntime();
    System.err.printf(
        "stored-row fuzzer on %s: seed %d, %d rows stored (%d refused by the store), %d ms,"
            + " max heap %d MB, outcomes %s%n",
        store().getClass().getSimpleName(),
        seed,
        stored,
        refused,
        millis,
        rt.maxMemory() >> 20,
        outcomes);
    assertTrue(outcomes.getOrDefault("entity", 0) > 0, "some reads succeeded: " + outcomes);
    assertTrue(outcomes.getOrDefault("typed error", 0) > 0, "some reads failed: " + outcomes);
  }

  /** A row of service bytes in one of the tables, read by a scan; false if none was stored. */
  private boolean serviceBytes(Forgery forge) {
    SplitTableRepository<?>[] repos = {orders, sales, items, documents, accounts};
    SplitTableRepository<?> repo = repos[forge.below(repos.length)];
    String table = repo.hotTable().name();
    Runnable remove = writeServiceBytes(table, forge.random());
    if (remove == null) {
      return false;
    }
    described = "service bytes in " + table;
    try {
      check(
          new Case(table, null, null, List.of()),
          new Read(
              "scanAll of " + table,
              () -> repo.scanAll().toList(),
              result -> {
                for (Object e : (List<?>) result) {
                  assertTrue(foundAgain(repo, e), "the entity's key finds its row: " + e);
                }
              }));
    } finally {
      remove.run();
    }
    return true;
  }

  @SuppressWarnings("unchecked")
  private <E> boolean foundAgain(SplitTableRepository<E> repo, Object entity) {
    PrimaryKey key = repo.prepare((E) entity).hot().key();
    return store().get(repo.hotTable().name(), key, ColumnSelection.all()).isPresent();
  }

  /**
   * Deletes a case's rows, each on its own: a hot key the service refuses must not keep the case's
   * cold row (stored under a valid key) for a later case of the same id and tag to read.
   */
  private void cleanUp(Case c) {
    deleteQuietly(c.table(), c.hot().key());
    if (c.cold() != null) {
      deleteQuietly(c.coldTable(), c.cold().key());
    }
    for (Row chunk : c.chunks()) {
      deleteQuietly(LargeDocumentTable.CHUNKS_NAME, chunk.key());
    }
  }

  /**
   * The repository's delete of a stored row, whatever it holds: it never needs to decode what it
   * removes, so it succeeds and leaves no hot row.
   */
  private void deleteThroughRepository(Case c) {
    try {
      c.delete().run();
    } catch (Throwable e) {
      throw new AssertionError(
          "seed " + seed + ", row " + row + ": the repository's delete failed\n  row: " + described,
          e);
    }
    if (store().get(c.table(), c.hot().key(), ColumnSelection.all()).isPresent()) {
      throw new AssertionError(
          "seed " + seed + ", row " + row + ": a hot row is left after the delete: " + described);
    }
    count("deleted");
  }

  private void deleteQuietly(String table, PrimaryKey key) {
    try {
      deleteRaw(table, key);
    } catch (StoreException refused) {
      // a key the service refuses was never stored
    }
  }

  /** Runs one read: an entity the stored row encodes, or a typed error naming the table. */
  private void check(Case c, Read read) {
    Object result;
    try {
      result = read.run().get();
    } catch (StoreException e) {
      if (e.retryable() || c.tables().stream().noneMatch(e.getMessage()::contains)) {
        throw failure(read, "a store error that is retryable or does not name the table", e);
      }
      if (e.kind() != ErrorKind.CORRUPT_DATA) {
        throw failure(read, "a store error of kind " + e.kind() + ", not CORRUPT_DATA", e);
      }
      count("typed error");
      return;
    } catch (Throwable e) { // an untyped exception, or the heap: the finding this test exists for
      throw failure(read, "an untyped " + e.getClass().getName(), e);
    }
    try {
      read.verify().accept(result);
    } catch (Throwable e) {
      throw failure(read, "an entity that is not what the stored row encodes", e);
    }
    count("entity");
  }

  private void count(String outcome) {
    outcomes.merge(outcome, 1, Integer::sum);
  }

  private AssertionError failure(Read read, String what, Throwable cause) {
    return new AssertionError(
        "seed "
            + seed
            + " (replay with -Dwidekey.fuzz.seed="
            + seed
            + "), row "
            + row
            + ", "
            + read.name()
            + " ended with "
            + what
            + ": "
            + cause
            + "\n  row: "
            + described,
        cause);
  }

  // ------------------------------------------------------------------------------- the cases

  /** One forged row (and cold row), and the reads to try on it. */
  record Case(
      String table,
      Row hot,
      String coldTable,
      Row cold,
      List<Read> reads,
      List<Row> chunks,
      Runnable delete,
      List<String> tables,
      Runnable after) {
    Case(String table, Row hot, Row cold, List<Read> reads) {
      this(table, hot, ColdItemTable.COLD_NAME, cold, reads, List.of(), null);
    }

    Case(
        String table,
        Row hot,
        String coldTable,
        Row cold,
        List<Read> reads,
        List<Row> chunks,
        Runnable delete) {
      this(table, hot, coldTable, cold, reads, chunks, delete, List.of(table), null);
    }

    /** The same case, deleted afterwards through its repository (a row whose key it knows). */
    Case deletedBy(Runnable repositoryDelete) {
      return new Case(table, hot, coldTable, cold, reads, chunks, repositoryDelete, tables, after);
    }

    @Override
    public String toString() {
      return table
          + " "
          + (hot == null ? "(service bytes)" : hot)
          + (cold == null ? "" : ", cold " + cold)
          + (chunks.isEmpty() ? "" : ", chunk rows " + chunks);
    }
  }

  /** A read of the stored row and the check of the entity it returns. */
  record Read(String name, Supplier<Object> run, java.util.function.Consumer<Object> verify) {}

  private Case order(Forgery forge) {
    long n = forge.anyLong();
    PrimaryKey key;
    boolean known = forge.chance(50);
    if (known) {
      key = HashedOrderKeys.primaryKey(n);
    } else {
      String text = forge.chance(80) ? forge.numberText(n) : forge.text(12);
      key = PrimaryKey.of(PkValue.ofString(forge.hashPrefix(text, 4) + text));
    }
    Map<String, AttrValue> columns = new LinkedHashMap<>();
    if (forge.chance(85)) {
      columns.put("total", forge.usually(AttrValue.ofInteger(forge.anyLong())));
    }
    markersAndJunk(forge, columns);
    Row hot = Row.of(key, columns);
    List<Read> reads = new ArrayList<>();
    Expect expect = new Expect(orders, hot, Set.of("total"), r -> r);
    reads.add(scan(HashedOrderTable.NAME, expect));
    if (known) {
      reads.add(get("get", () -> orders.get(n), expect));
    }
    Case c = new Case(HashedOrderTable.NAME, hot, null, reads);
    return known ? c.deletedBy(() -> orders.delete(n)) : c;
  }

  private Case sale(Forgery forge) {
    long device = forge.chance(80) ? forge.below(1_000_000) : forge.anyLong();
    String seller = forge.keyText(16);
    long number = forge.anyLong();
    PrimaryKey key = null;
    if (forge.chance(50)) {
      try {
        key = DeviceSaleKeys.primaryKey(device, seller, number);
      } catch (InvalidKeyException e) {
        key = null; // not a valid entity key: forged below
      }
    }
    boolean known = key != null;
    if (!known) {
      String deviceText =
          forge.chance(70)
              ? String.format("%06d", Math.floorMod(device, 1_000_000))
              : forge.numberText(device);
      String text = deviceText + (forge.chance(90) ? "," : ":") + seller;
      PkValue second = PkValue.ofInteger(number);
      key =
          PrimaryKey.of(PkValue.ofString(text), forge.chance(5) ? forge.wrongType(second) : second);
    }
    Map<String, AttrValue> columns = new LinkedHashMap<>();
    if (forge.chance(85)) {
      columns.put("amount", forge.usually(AttrValue.ofInteger(forge.anyLong())));
    }
    markersAndJunk(forge, columns);
    Row hot = Row.of(key, columns);
    List<Read> reads = new ArrayList<>();
    Expect expect = new Expect(sales, hot, Set.of("amount"), r -> r);
    reads.add(scan(DeviceSaleTable.NAME, expect));
    if (known) {
      reads.add(get("get", () -> sales.get(device, seller, number), expect));
    }
    Case c = new Case(DeviceSaleTable.NAME, hot, null, reads);
    return known ? c.deletedBy(() -> sales.delete(device, seller, number)) : c;
  }

  private Case item(Forgery forge) {
    long id = forge.anyLong();
    PrimaryKey key =
        forge.chance(3)
            ? PrimaryKey.of(forge.wrongType(PkValue.ofInteger(id)))
            : ColdItemKeys.primaryKey(id);
    Map<String, AttrValue> columns = new LinkedHashMap<>();
    if (forge.chance(90)) {
      columns.put("quantity", forge.usually(AttrValue.ofInteger(forge.below(1000))));
    }
    if (forge.chance(80)) {
      columns.put("price", forge.usually(AttrValue.ofInteger(forge.anyLong())));
    }
    int marker = forge.below(10);
    if (marker < 5) {
      columns.put(SplitTableRepository.COLD_MARKER, AttrValue.ofBoolean(true));
    } else if (marker == 5) {
      columns.put(SplitTableRepository.COLD_MARKER, AttrValue.ofBoolean(false));
    } else if (marker == 6) {
      columns.put(SplitTableRepository.COLD_MARKER, forge.anyValue());
    }
    long tag = forge.anyLong();
    if (forge.chance(90)) {
      columns.put(
          SplitTableRepository.COLD_TAG,
          forge.chance(90) ? AttrValue.ofInteger(tag) : forge.anyValue());
    }
    markersAndJunk(forge, columns);
    Row hot = Row.of(key, columns);
    Row cold = null;
    if (forge.chance(70)) {
      // usually the cold row the hot row's tag names, owned by it; else another tag or owner
      Map<String, AttrValue> coldColumns = new LinkedHashMap<>();
      coldColumns.put("description", forge.compressed(forge.text(200)));
      if (forge.chance(90)) {
        coldColumns.put(
            ColdRows.OWNER,
            forge.chance(90)
                ? ColdRows.owner(ColdItemKeys.primaryKey(id))
                : ColdRows.owner(ColdItemKeys.primaryKey(id + 1)));
      }
      cold =
          Row.of(
              ColdRows.key(ColdItemKeys.primaryKey(id), forge.chance(90) ? tag : tag + 1),
              coldColumns);
    }
    Expect expect = new Expect(items, hot, Set.of("quantity", "price"), r -> r);
    List<Read> reads = new ArrayList<>();
    reads.add(scan(ColdItemTable.NAME, expect));
    Row coldRow = cold;
    boolean known = key.equals(ColdItemKeys.primaryKey(id));
    if (known) {
      reads.add(get("get", () -> items.get(id), expect));
    }
    reads.add(
        new Read(
            "getWithCold",
            () -> items.getWithCold(id),
            result -> {
              Optional<?> found = (Optional<?>) result;
              assertTrue(
                  found.isPresent() == readable(expect) || !known,
                  "the row stored under this key is found");
              found.ifPresent(
                  e -> {
                    verifyHot(expect, e);
                    assertEquals(expectedDescription(hot, coldRow), ((ColdItem) e).description());
                  });
            }));
    Case c = new Case(ColdItemTable.NAME, hot, cold, reads);
    return known ? c.deletedBy(() -> items.delete(id)) : c;
  }

  /**
   * A versioned account whose stored version is a valid one (1 up to the last a write stores), or
   * one no write stores (0, negative, {@code Long.MAX_VALUE}, another type, none), with a cold row.
   */
  private Case account(Forgery forge) {
    String id = "acct" + forge.below(1_000_000);
    PrimaryKey key = VersionedAccountKeys.primaryKey(id);
    Map<String, AttrValue> columns = new LinkedHashMap<>();
    columns.put("balanceCents", forge.usually(AttrValue.ofInteger(forge.anyLong())));
    if (forge.chance(90)) {
      long version =
          switch (forge.below(6)) {
            case 0 -> 0;
            case 1 -> -1 - forge.below(1000);
            case 2 -> Long.MAX_VALUE;
            case 3 -> Long.MAX_VALUE - 1;
            default -> 1 + forge.below(1000);
          };
      columns.put("version", forge.usually(AttrValue.ofInteger(version)));
    }
    long tag = forge.anyLong();
    Row cold = null;
    if (forge.chance(60)) {
      columns.put(SplitTableRepository.COLD_MARKER, AttrValue.ofBoolean(true));
      columns.put(SplitTableRepository.COLD_TAG, forge.usually(AttrValue.ofInteger(tag)));
      Map<String, AttrValue> coldColumns = new LinkedHashMap<>();
      coldColumns.put("statement", forge.usually(AttrValue.ofString(forge.text(40))));
      coldColumns.put(ColdRows.OWNER, ColdRows.owner(key));
      cold = Row.of(ColdRows.key(key, tag), coldColumns);
    }
    markersAndJunk(forge, columns);
    Row hot = Row.of(key, columns);
    java.util.function.Consumer<Object> verify =
        result -> {
          Optional<?> found = (Optional<?>) result;
          assertTrue(found.isPresent(), "the row stored under this very key is found");
          VersionedAccount a = (VersionedAccount) found.get();
          // (not written again as verifyHot does: the last version has no next one)
          assertEquals(key, VersionedAccountKeys.primaryKey(a.accountId()));
          assertEquals(hot.get("balanceCents"), AttrValue.ofInteger(a.balanceCents()));
          AttrValue stored = hot.get("version");
          if (stored == null) {
            // a row stored before the entity had its @Version reads as version 0
            assertEquals(0, a.version(), "a row without a version column is version 0");
            return;
          }
          assertTrue(
              stored.type() == AttrType.INTEGER
                  && stored.asLong() >= 1
                  && stored.asLong() < Long.MAX_VALUE,
              "only a version a write stores, or none, reads as an entity: " + stored);
          assertEquals(stored.asLong(), a.version());
        };
    List<Read> reads = new ArrayList<>();
    reads.add(new Read("get", () -> accounts.get(id), verify));
    reads.add(new Read("getWithCold", () -> accounts.getWithCold(id), verify));
    Case c =
        new Case(
            VersionedAccountTable.NAME,
            hot,
            VersionedAccountTable.COLD_NAME,
            cold,
            reads,
            List.of(),
            null);
    return c.deletedBy(() -> accounts.delete(id));
  }

  /** What the description must read as: the stored text, if the hot row points at its cold row. */
  private static String expectedDescription(Row hot, Row cold) {
    if (!AttrValue.ofBoolean(true).equals(hot.get(SplitTableRepository.COLD_MARKER))) {
      return null;
    }
    // a hot row that names a cold row reads with that one, owned by it, or fails
    AttrValue tag = hot.get(SplitTableRepository.COLD_TAG);
    assertTrue(tag != null && tag.type() == AttrType.INTEGER, "a tag names the cold row");
    assertTrue(cold != null && cold.key().equals(ColdRows.key(hot.key(), tag.asLong())));
    assertEquals(ColdRows.owner(hot.key()), cold.get(ColdRows.OWNER));
    if (cold.get("description") == null) {
      return null;
    }
    return Compression.inflateText("description", cold.get("description").asBinary());
  }

  private Case document(Forgery forge) {
    String id = forge.keyText(36);
    boolean known = true;
    PrimaryKey key;
    try {
      key = LargeDocumentKeys.primaryKey(id);
    } catch (InvalidKeyException e) {
      known = false;
      key = PrimaryKey.of(PkValue.ofString(id));
    }
    Map<String, AttrValue> columns = new LinkedHashMap<>();
    if (forge.chance(70)) {
      columns.put("title", forge.usually(AttrValue.ofString(forge.text(30))));
    }
    List<Row> chunkRows = new ArrayList<>();
    long tag = forge.anyLong();
    if (forge.chance(40)) {
      columns.put("body", forge.usually(AttrValue.ofString(forge.text(100))));
    } else if (forge.chance(85)) {
      // the body in chunk rows: pieces of its UTF-8 cut anywhere, a reference, the write's count
      byte[] body = Utf8.encode(forge.text(200));
      int parts = body.length == 0 ? 1 : 1 + forge.below(Math.min(4, body.length));
      int first = forge.chance(80) ? 0 : forge.below(3);
      columns.put(SplitTableRepository.COLD_TAG, forge.usually(AttrValue.ofInteger(tag)));
      columns.put(
          ChunkRows.referenceColumn("body"), forge.chunkReference('S', first, parts, body.length));
      long count = forge.chance(80) ? first + parts : forge.anyLong();
      columns.put(ChunkRows.PARTS, forge.usually(AttrValue.ofInteger(count)));
      for (int p = 0; p < parts; p++) {
        int from = body.length * p / parts;
        int to = body.length * (p + 1) / parts;
        if (forge.chance(4)) {
          continue; // a missing part
        }
        Map<String, AttrValue> chunk = new LinkedHashMap<>();
        byte[] piece = java.util.Arrays.copyOfRange(body, from, to);
        chunk.put(
            ChunkRows.DATA,
            forge.chance(90) ? AttrValue.ofBinary(piece) : forge.anyValue()); // lengths, types
        AttrValue owner = ColdRows.owner(key);
        chunk.put(
            ColdRows.OWNER,
            forge.chance(93)
                ? owner
                : forge.chance(50)
                    ? ColdRows.owner(PrimaryKey.of(PkValue.ofString(id + "x")))
                    : forge.anyValue());
        chunk.put(ColdRows.WRITTEN, AttrValue.ofInteger(0));
        chunkRows.add(Row.of(ChunkRows.key(key, tag, first + p), chunk));
      }
    }
    markersAndJunk(forge, columns);
    Row hot = Row.of(key, columns);
    Expect expect = new Expect(documents, hot, Set.of("title", "body"), joinedFrom(chunkRows));
    List<Read> reads = new ArrayList<>();
    reads.add(scan(LargeDocumentTable.NAME, expect));
    if (known) {
      reads.add(get("get", () -> documents.get(id), expect));
    }
    Case c =
        new Case(
            LargeDocumentTable.NAME, hot, ColdItemTable.COLD_NAME, null, reads, chunkRows, null);
    String knownId = id;
    return known ? c.deletedBy(() -> documents.delete(knownId)) : c;
  }

  /**
   * The hot row as an entity that reads it whole must have read it: a body reference replaced by
   * the UTF-8 text of the pieces stored under the parts it names, in order.
   */
  private static java.util.function.UnaryOperator<Row> joinedFrom(List<Row> chunkRows) {
    return row -> {
      AttrValue ref = row.get(ChunkRows.referenceColumn("body"));
      if (ref == null) {
        return row;
      }
      java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(ref.asBinary());
      b.get();
      b.get();
      int first = b.getInt();
      int parts = b.getInt();
      java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
      for (int p = first; p < first + parts; p++) {
        long part = p;
        Row piece =
            chunkRows.stream()
                .filter(r -> r.key().get(2).asLong() == part)
                .findFirst()
                .orElseThrow(() -> new AssertionError("read whole without part " + part));
        out.writeBytes(piece.get(ChunkRows.DATA).asBinary());
      }
      Map<String, AttrValue> columns = new LinkedHashMap<>(row.columns());
      columns.remove(ChunkRows.referenceColumn("body"));
      try {
        columns.put("body", AttrValue.ofString(Utf8.decode(out.toByteArray())));
      } catch (java.nio.charset.CharacterCodingException e) {
        throw new AssertionError("read whole from pieces that are not UTF-8", e);
      }
      return Row.of(row.key(), columns);
    };
  }

  /**
   * A row forged in a period table of the monthly {@code ShardedPurchase}: usually the row a write
   * of that month stores, its placement time often moved out of the table's month (to the other
   * month, the year 1, the month's edges), its values and key mangled at times. A point read of the
   * month, window scans and window pages must each return the entity only where its stored time
   * lies in both the table's month and the window, or fail with a typed error.
   */
  private Case purchase(Forgery forge) {
    int home = forge.below(MONTHS.length);
    Instant start = MONTHS[home];
    Instant end = home + 1 < MONTHS.length ? MONTHS[home + 1] : AFTER_MONTHS;
    String table = purchases.tableName(start);
    String customer = "c" + forge.below(5);
    long id = forge.anyLong();
    long monthMillis = end.toEpochMilli() - start.toEpochMilli();
    Instant placed =
        switch (forge.below(6)) {
          case 0 -> MONTHS[1 - home].plusMillis(forge.below(1_000_000)); // the other month
          case 1 -> Instant.parse("0001-03-01T00:00:00Z");
          case 2 -> forge.chance(50) ? start : end.minusMillis(1);
          case 3 -> end; // the first instant past the month
          default -> start.plusMillis((long) (forge.random().nextDouble() * monthMillis));
        };
    ShardedPurchase p =
        new ShardedPurchase(customer, id, placed, BigDecimal.valueOf(forge.anyLong(), 2), null);
    // the row a write of this month stores (for any time: prepare does not place it)
    Row written = purchases.periodRepository(start).prepare(p).hot();
    PrimaryKey key = written.key();
    boolean known = !forge.chance(10);
    if (!known) {
      key =
          PrimaryKey.of(
              PkValue.ofString(forge.keyText(10)), forge.wrongType(PkValue.ofInteger(id)));
    }
    Map<String, AttrValue> columns = new LinkedHashMap<>(written.columns());
    if (forge.chance(10)) {
      if (forge.chance(50)) {
        columns.remove("placedAt");
      } else {
        columns.put("placedAt", forge.anyValue());
      }
    }
    columns.computeIfPresent("amount", (k, v) -> forge.usually(v));
    markersAndJunk(forge, columns);
    Row hot = Row.of(key, columns);
    Expect expect =
        new Expect(purchases.periodRepository(start), hot, Set.of("placedAt", "amount"), r -> r);
    List<Read> reads = new ArrayList<>();
    Instant asked = start.plusMillis((long) (forge.random().nextDouble() * monthMillis));
    if (known) {
      reads.add(
          new Read(
              "get of the month " + asked,
              () -> purchases.get(customer, id, asked),
              result -> {
                Optional<?> found = (Optional<?>) result;
                assertEquals(readable(expect), found.isPresent(), "the row under this key");
                found.ifPresent(e -> verifyPurchase(expect, e, start, end, start, end));
              }));
    }
    // windows: the table's month, both months, or a random part of the month (empty at times)
    Instant[] window =
        switch (forge.below(3)) {
          case 0 -> new Instant[] {start, end};
          case 1 -> new Instant[] {MONTHS[0], AFTER_MONTHS};
          default -> {
            Instant a = start.plusMillis((long) (forge.random().nextDouble() * monthMillis));
            Instant b = start.plusMillis((long) (forge.random().nextDouble() * monthMillis));
            yield a.isBefore(b) ? new Instant[] {a, b} : new Instant[] {b, a};
          }
        };
    java.util.function.Consumer<Object> inWindow =
        result -> {
          List<?> found = (List<?>) result;
          assertTrue(found.size() <= 1, "one stored row: " + found);
          found.forEach(e -> verifyPurchase(expect, e, start, end, window[0], window[1]));
          AttrValue t = hot.get("placedAt");
          if (readable(expect) && t != null && t.equals(written.get("placedAt"))) {
            // a row whose time lies in its table's month and the window is found
            boolean expected =
                !placed.isBefore(start)
                    && placed.isBefore(end)
                    && !placed.isBefore(window[0])
                    && placed.isBefore(window[1]);
            assertEquals(expected ? 1 : 0, found.size(), "found in the window: " + found);
          }
        };
    String w = " [" + window[0] + ", " + window[1] + ")";
    reads.add(
        new Read(
            "scanBetween" + w,
            () -> purchases.scanBetween(window[0], window[1]).toList(),
            inWindow));
    reads.add(
        new Read(
            "scanBetweenDescending" + w,
            () -> purchases.scanBetweenDescending(window[0], window[1]).toList(),
            inWindow));
    reads.add(
        new Read(
            "pageBetween" + w,
            () -> pages(r -> purchases.pageBetween(window[0], window[1], r), forge.random()),
            inWindow));
    if (known) {
      reads.add(
          new Read(
              "scanByCustomerId" + w,
              () -> purchases.scanByCustomerId(customer, window[0], window[1]).toList(),
              inWindow));
      reads.add(
          new Read(
              "pageByCustomerIdDescending" + w,
              () ->
                  pages(
                      r -> purchases.pageByCustomerIdDescending(customer, window[0], window[1], r),
                      forge.random()),
              inWindow));
    }
    Case c = new Case(table, hot, null, reads);
    return known ? c.deletedBy(() -> purchases.delete(customer, id, asked)) : c;
  }

  /**
   * A purchase read from the period table of {@code [start, end)} in the window {@code [from, to)}:
   * its time lies in both, and it is what the stored row encodes.
   */
  private static void verifyPurchase(
      Expect expect, Object entity, Instant start, Instant end, Instant from, Instant to) {
    Instant t = ((ShardedPurchase) entity).placedAt();
    assertTrue(
        !t.isBefore(start) && t.isBefore(end), "read from the table of its month only: " + t);
    assertTrue(!t.isBefore(from) && t.isBefore(to), "within the window: " + t);
    verifyHot(expect, entity);
  }

  /** Every page of a page read from the first on, each asked with a random size. */
  private static <E> List<E> pages(
      java.util.function.Function<PageRequest, CursoredPage<E>> page, Random random) {
    List<E> out = new ArrayList<>();
    PageRequest request = PageRequest.ofSize(1 + random.nextInt(3));
    for (int n = 0; n < 1_000; n++) {
      CursoredPage<E> p = page.apply(request);
      assertTrue(p.numberOfElements() <= request.size(), "a page holds at most its size");
      out.addAll(p.content());
      if (!p.hasNext()) {
        return out;
      }
      request = p.nextPageRequest();
    }
    throw new AssertionError("a thousand pages: " + out);
  }

  /**
   * An index row forged in the {@code by_queue} index table of {@code IndexedTicket}, beside
   * tickets written through the repository: a row at another queue or a queue no ticket has, naming
   * a written ticket, one that does not exist, or no hot key at all (another tag, a cut or random
   * reference, a reference of another type). Every read of the index (scans both ways, pages both
   * ways, count, exists) must return exactly the written tickets of the queue, each once, in index
   * order (by id), or fail with a typed error: a forged row neither adds an entity nor hides one.
   */
  private Case ticketIndexRow(Forgery forge) {
    Map<String, IndexedTicket> written = new java.util.TreeMap<>();
    for (int i = 1 + forge.below(4); i > 0; i--) {
      IndexedTicket t =
          new IndexedTicket(
              "t" + forge.below(20),
              QUEUES.get(forge.below(QUEUES.size())),
              forge.anyLong(),
              forge.chance(30) ? forge.text(20) : null);
      tickets.put(t);
      written.put(t.id(), new IndexedTicket(t.id(), t.queue(), t.writeId(), null));
    }
    List<String> ids = new ArrayList<>(written.keySet());
    String named = forge.chance(80) ? ids.get(forge.below(ids.size())) : "t" + forge.below(40);
    PkValue queue =
        switch (forge.below(4)) {
          case 0 -> PkValue.ofString(forge.keyText(6));
          case 1 -> forge.wrongType(PkValue.ofString("red"));
          default -> PkValue.ofString(QUEUES.get(forge.below(QUEUES.size())));
        };
    PrimaryKey hotKey =
        forge.chance(90)
            ? IndexedTicketKeys.primaryKey(named)
            : PrimaryKey.of(PkValue.ofString(named.toUpperCase(java.util.Locale.ROOT)));
    byte[] ref =
        OrderedKeyBytes.encode(
            PrimaryKey.of(hotKey.get(0), PkValue.ofInteger(forge.anyLong()))); // any tag
    PkValue refValue =
        switch (forge.below(8)) {
          case 0 -> PkValue.ofBinary(java.util.Arrays.copyOf(ref, forge.below(ref.length)));
          case 1 -> PkValue.ofBinary(forge.bytes(24));
          case 2 -> PkValue.ofString(named);
          case 3 ->
              PkValue.ofBinary(
                  OrderedKeyBytes.encode(
                      PrimaryKey.of(hotKey.get(0), PkValue.ofInteger(1), PkValue.ofInteger(2))));
          default -> PkValue.ofBinary(ref);
        };
    Map<String, AttrValue> columns = new LinkedHashMap<>();
    columns.put(
        ColdRows.WRITTEN,
        forge.usually(AttrValue.ofInteger(System.currentTimeMillis() - forge.below(100_000))));
    String indexTable = IndexedTicketTable.INDEX_BY_QUEUE.table().name();
    Row forged = Row.of(PrimaryKey.of(queue, refValue), columns);
    List<Read> reads = new ArrayList<>();
    Set<String> queues = new java.util.TreeSet<>(QUEUES);
    if (queue.type() == dev.widekey.core.store.PkType.STRING
        && queue.asString().matches("[a-z]{1,16}")) {
      queues.add(queue.asString()); // a queue only the forged row names
    }
    IndexedTicketRepository.ByQueueIndex view = tickets.byQueue();
    for (String q : queues) {
      List<IndexedTicket> expected =
          written.values().stream().filter(t -> t.queue().equals(q)).toList();
      List<IndexedTicket> reversed = new ArrayList<>(expected);
      java.util.Collections.reverse(reversed);
      reads.add(
          new Read(
              "scanByQueue " + q,
              () -> view.scanByQueue(q).toList(),
              r -> assertEquals(expected, r, "the written tickets of " + q)));
      reads.add(
          new Read(
              "scanByQueueDescending " + q,
              () -> view.scanByQueueDescending(q).toList(),
              r -> assertEquals(reversed, r, "the written tickets of " + q + ", reversed")));
      reads.add(
          new Read(
              "pageByQueue " + q,
              () -> pages(p -> view.pageByQueue(q, p), forge.random()),
              r -> assertEquals(expected, r, "the pages of " + q)));
      reads.add(
          new Read(
              "pageByQueueDescending " + q,
              () -> pages(p -> view.pageByQueueDescending(q, p), forge.random()),
              r -> assertEquals(reversed, r, "the pages of " + q + ", reversed")));
      reads.add(
          new Read(
              "countByQueue " + q,
              () -> view.countByQueue(q),
              r -> assertEquals((long) expected.size(), r, "the count of " + q)));
      reads.add(
          new Read(
              "existsByQueue " + q,
              () -> view.existsByQueue(q),
              r -> assertEquals(!expected.isEmpty(), r, "whether " + q + " has tickets")));
    }
    return new Case(
        indexTable,
        forged,
        null,
        null,
        reads,
        List.of(),
        null,
        List.of(indexTable, IndexedTicketTable.NAME),
        () -> ids.forEach(tickets::delete));
  }

  /** Now and then a forged row marker and a column no entity has. */
  private static void markersAndJunk(Forgery forge, Map<String, AttrValue> columns) {
    if (forge.chance(10)) {
      columns.put(
          SplitTableRepository.ROW_MARKER,
          forge.chance(50) ? AttrValue.ofBoolean(true) : forge.anyValue());
    }
    if (forge.chance(10)) {
      columns.put(forge.chance(50) ? "junk" : "wk_junk_n", forge.anyValue());
    }
  }

  // ------------------------------------------------------------------------------- the reads

  /**
   * What a read must return for a stored hot row: an entity of {@code repo} whose mapped {@code
   * columns} hold the stored values ({@code chunked}: after joining chunks).
   */
  record Expect(
      SplitTableRepository<?> repo,
      Row hot,
      Set<String> columns,
      java.util.function.UnaryOperator<Row> joined) {}

  private static Read scan(String table, Expect expect) {
    return new Read(
        "scanAll of " + table,
        () -> expect.repo().scanAll().toList(),
        result -> {
          List<?> entities = (List<?>) result;
          assertEquals(readable(expect) ? 1 : 0, entities.size(), "the one stored row");
          entities.forEach(e -> verifyHot(expect, e));
        });
  }

  private static Read get(String name, Supplier<Optional<?>> read, Expect expect) {
    return new Read(
        name,
        read::get,
        result -> {
          Optional<?> found = (Optional<?>) result;
          assertEquals(
              readable(expect), found.isPresent(), "the row stored under this very key is found");
          found.ifPresent(e -> verifyHot(expect, e));
        });
  }

  /**
   * Whether reads find the stored row: they select the entity's columns and those widekey writes in
   * a hot row, so a row holding none of them (only another writer's columns) is no entity.
   */
  private static boolean readable(Expect expect) {
    for (String column : expect.hot().columns().keySet()) {
      if (expect.columns().contains(column)
          || column.equals(SplitTableRepository.ROW_MARKER)
          || column.equals(SplitTableRepository.COLD_MARKER)
          || column.equals(SplitTableRepository.COLD_TAG)
          || column.equals(ChunkRows.PARTS)
          || expect.columns().stream().anyMatch(c -> column.equals(ChunkRows.referenceColumn(c)))) {
        return true;
      }
    }
    return false;
  }

  /**
   * The entity is what the hot row encodes: written again, it has the stored key (decoding is
   * canonical) and the stored values in every column the entity maps.
   */
  @SuppressWarnings("unchecked")
  private static <E> void verifyHot(Expect expect, Object entity) {
    Row stored = expect.hot();
    Row again = ((SplitTableRepository<E>) expect.repo()).prepare((E) entity).hot();
    assertEquals(stored.key(), again.key(), "the entity's key encodes back to the stored key");
    Row storedJoined = expect.joined().apply(stored);
    Row againJoined = again; // small values: no chunk rows
    for (String column : expect.columns()) {
      assertEquals(storedJoined.get(column), againJoined.get(column), column);
    }
  }
}
