package dev.widekey.runtime.store.embedded;

import dev.widekey.benchmarks.EmbeddedScaleBenchmark;
import dev.widekey.benchmarks.EmbeddedScaleBenchmark.DirectorySampler;
import dev.widekey.runtime.store.OrderedKeyBytes;
import dev.widekey.runtime.store.Row;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;
import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.BloomFilter;
import org.rocksdb.CompressionType;
import org.rocksdb.FlushOptions;
import org.rocksdb.LRUCache;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.WriteBatch;
import org.rocksdb.WriteOptions;

/**
 * The embedded store's engine, H2's MVStore, against an LSM engine (RocksDB, through its Java
 * binding) on the same bytes: what issue 22 asks for before the directory store's peak during an
 * import (5-8x the data under MVStore) could be answered by a switch of engine. It lives in the
 * store's package to use the store's own {@link Engine} (its settings, its close), key type and
 * {@link RowCodec}: the MVStore side writes byte for byte what {@link EmbeddedStore} writes, and
 * RocksDB gets the same keys and values.
 *
 * <p>One writer thread writes the rows of {@link EmbeddedScaleBenchmark} (the sample's {@code
 * Order}, hash-prefixed keys, so random in key order) in batches of 200, then reads {@code --gets}
 * random rows and scans all of them; the directory's size is sampled during the import and taken
 * after a close (MVStore: the store's close compaction; RocksDB: a flush and a full compaction, its
 * equivalent), and the rows are checked after reopening. RocksDB runs without compression, as
 * MVStore does, and with LZ4.
 *
 * <pre>{@code
 * java -Xmx1g -cp ... dev.widekey.runtime.store.embedded.EngineComparisonBenchmark --rows=1000000
 * # options: --rows --gets --engines=mvstore,rocksdb,rocksdb-lz4
 * }</pre>
 */
public final class EngineComparisonBenchmark {
  private static final int BATCH = 200;
  private static final String MAP = "rows";

  private EngineComparisonBenchmark() {}

  /** One engine under test: a directory of key-value pairs in unsigned byte order. */
  interface Contender extends AutoCloseable {
    void write(List<byte[]> keys, List<byte[]> values) throws Exception;

    boolean contains(byte[] key) throws Exception;

    long scanAll() throws Exception;

    /** Compacts what the engine compacts at close, then closes. */
    @Override
    void close() throws Exception;
  }

  public static void main(String[] args) throws Exception {
    long rows = 1_000_000;
    long gets = 500_000;
    List<String> engines = List.of("mvstore", "rocksdb", "rocksdb-lz4");
    for (String a : args) {
      String[] kv = a.replaceFirst("^--", "").split("=", 2);
      switch (kv[0]) {
        case "rows" -> rows = Long.parseLong(kv[1]);
        case "gets" -> gets = Long.parseLong(kv[1]);
        case "engines" -> engines = List.of(kv[1].split(","));
        default -> throw new IllegalArgumentException("unknown option " + a);
      }
    }
    System.out.printf(
        "engines on the same bytes: %,d Order rows, %,d random gets, one writer, batches of %d;"
            + " java %s, %d processors, max heap %d MB%n",
        rows,
        gets,
        BATCH,
        System.getProperty("java.version"),
        Runtime.getRuntime().availableProcessors(),
        Runtime.getRuntime().maxMemory() >> 20);
    RocksDB.loadLibrary();
    List<Map<String, String>> results = new ArrayList<>();
    for (String engine : engines) {
      Path dir = Files.createTempDirectory("widekey-engine-");
      try {
        results.add(run(engine, dir, rows, gets));
      } finally {
        EmbeddedScaleBenchmark.deleteTree(dir);
      }
    }
    EmbeddedScaleBenchmark.printTable(results);
  }

  private static Contender open(String engine, Path dir) throws Exception {
    return switch (engine) {
      case "mvstore" -> new MvStoreContender(dir);
      case "rocksdb" -> new RocksContender(dir, CompressionType.NO_COMPRESSION);
      case "rocksdb-lz4" -> new RocksContender(dir, CompressionType.LZ4_COMPRESSION);
      default -> throw new IllegalArgumentException("unknown engine " + engine);
    };
  }

  private static Map<String, String> run(String engine, Path dir, long rows, long gets)
      throws Exception {
    Map<String, String> r = new LinkedHashMap<>();
    r.put("store", engine);
    r.put("rows", String.format("%,d", rows));
    Contender c = open(engine, dir);
    DirectorySampler sampler = DirectorySampler.start(dir);
    long logical = 0;
    long t0 = System.nanoTime();
    List<byte[]> keys = new ArrayList<>(BATCH);
    List<byte[]> values = new ArrayList<>(BATCH);
    for (long n = 1; n <= rows; n++) {
      Row row = EmbeddedScaleBenchmark.row(n);
      logical += row.sizeInBytes();
      keys.add(OrderedKeyBytes.encode(row.key()));
      values.add(RowCodec.encode(row));
      if (keys.size() == BATCH || n == rows) {
        c.write(keys, values);
        keys.clear();
        values.clear();
      }
    }
    double importSeconds = (System.nanoTime() - t0) / 1e9;
    r.put("import rows/s", EmbeddedScaleBenchmark.rate(rows, importSeconds));
    r.put("logical MB", EmbeddedScaleBenchmark.mb(logical));

    SplittableRandom random = new SplittableRandom(7);
    t0 = System.nanoTime();
    for (long i = 0; i < gets; i++) {
      byte[] key = OrderedKeyBytes.encode(EmbeddedScaleBenchmark.key(1 + random.nextLong(rows)));
      if (!c.contains(key)) {
        throw new IllegalStateException(engine + " lost a row");
      }
    }
    r.put("get rows/s", EmbeddedScaleBenchmark.rate(gets, (System.nanoTime() - t0) / 1e9));
    t0 = System.nanoTime();
    long scanned = c.scanAll();
    if (scanned != rows) {
      throw new IllegalStateException(engine + " scanned " + scanned + " of " + rows);
    }
    r.put("scan rows/s", EmbeddedScaleBenchmark.rate(rows, (System.nanoTime() - t0) / 1e9));
    r.put("heap MB after GC", EmbeddedScaleBenchmark.mb(EmbeddedScaleBenchmark.heapAfterGc()));
    long max = sampler.stop();
    r.put("dir max MB (import)", EmbeddedScaleBenchmark.mb(max));
    r.put("dir max / logical", String.format("%.2f", (double) max / logical));
    t0 = System.nanoTime();
    c.close();
    r.put("close s", String.format("%.1f", (System.nanoTime() - t0) / 1e9));
    long after = DirectorySampler.size(dir);
    r.put("dir MB after close", EmbeddedScaleBenchmark.mb(after));
    r.put("after close / logical", String.format("%.2f", (double) after / logical));
    try (Contender reopened = open(engine, dir)) {
      if (!reopened.contains(OrderedKeyBytes.encode(EmbeddedScaleBenchmark.key(rows)))) {
        throw new IllegalStateException(engine + ": row " + rows + " lost at reopen");
      }
    }
    System.out.println(r);
    return r;
  }

  /** MVStore as the embedded store opens, writes and closes it. */
  private static final class MvStoreContender implements Contender {
    private final MVStore mv;
    private final MVMap<byte[], byte[]> map;

    MvStoreContender(Path dir) {
      mv = Engine.open(dir, "store.mv");
      map =
          mv.openMap(
              MAP,
              new MVMap.Builder<byte[], byte[]>()
                  .keyType(KeyBytesType.INSTANCE)
                  .valueType(KeyBytesType.INSTANCE));
    }

    @Override
    public void write(List<byte[]> keys, List<byte[]> values) {
      for (int i = 0; i < keys.size(); i++) {
        map.put(keys.get(i), values.get(i));
      }
    }

    @Override
    public boolean contains(byte[] key) {
      return map.get(key) != null;
    }

    @Override
    public long scanAll() {
      long n = 0;
      Iterator<byte[]> keys = map.keyIterator(null);
      while (keys.hasNext()) {
        keys.next();
        n++;
      }
      return n;
    }

    @Override
    public void close() {
      Engine.close(mv);
    }
  }

  /**
   * RocksDB with its defaults (write-ahead log on, not synced per write), one compression, a block
   * cache of MVStore's page cache size (16 MB) and a Bloom filter, which its tuning guide advises
   * for point reads.
   */
  private static final class RocksContender implements Contender {
    private final Options options;
    private final RocksDB db;
    private final WriteOptions writeOptions = new WriteOptions();

    RocksContender(Path dir, CompressionType compression) throws RocksDBException {
      options =
          new Options()
              .setCreateIfMissing(true)
              .setCompressionType(compression)
              .setBottommostCompressionType(compression)
              .setTableFormatConfig(
                  new BlockBasedTableConfig()
                      .setBlockCache(new LRUCache(16L << 20))
                      .setFilterPolicy(new BloomFilter(10)));
      db = RocksDB.open(options, dir.toString());
    }

    @Override
    public void write(List<byte[]> keys, List<byte[]> values) throws RocksDBException {
      try (WriteBatch batch = new WriteBatch()) {
        for (int i = 0; i < keys.size(); i++) {
          batch.put(keys.get(i), values.get(i));
        }
        db.write(writeOptions, batch);
      }
    }

    @Override
    public boolean contains(byte[] key) throws RocksDBException {
      return db.get(key) != null;
    }

    @Override
    public long scanAll() {
      long n = 0;
      try (RocksIterator it = db.newIterator()) {
        for (it.seekToFirst(); it.isValid(); it.next()) {
          n++;
        }
      }
      return n;
    }

    @Override
    public void close() throws RocksDBException {
      try (FlushOptions flush = new FlushOptions().setWaitForFlush(true)) {
        db.flush(flush);
      }
      db.compactRange();
      db.close();
      writeOptions.close();
      options.close();
    }
  }
}
