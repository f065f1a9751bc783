package dev.widekey.store.hbase;

import dev.widekey.runtime.store.OrderedKeyBytes;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.store.tck.fuzz.StoredRowFuzzTest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.JRE;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The stored-row fuzzer on the HBase mini cluster, in a namespace of its own so that its tables
 * hold only the rows it forges. (The mini cluster shares the test JVM's 2 GB heap.)
 */
@ExtendWith(MiniHBase.Extension.class)
@EnabledForJreRange(max = JRE.JAVA_22, disabledReason = MiniHBase.JDK_REASON)
class HBaseStoredRowFuzzTest extends StoredRowFuzzTest {
  private static HBaseStore store;
  private static MiniHBase cluster;

  @BeforeAll
  static void open(MiniHBase mini) throws IOException {
    cluster = mini;
    try (Admin admin = mini.util().getAdmin()) {
      admin.createNamespace(NamespaceDescriptor.create("fuzz").build());
    }
    store = HBaseStore.using(mini.connection(), "fuzz");
  }

  @AfterAll
  static void close() {
    if (store != null) {
      store.close();
    }
  }

  @Override
  protected WideTableStore store() {
    return store;
  }

  /**
   * A row key and cells of random or mangled bytes: a widekey encoding cut short, a byte flipped, a
   * wrong escape, an unknown type tag, a payload of the wrong length, a name that is not UTF-8.
   */
  @Override
  protected Runnable writeServiceBytes(String table, Random random) {
    if (random.nextInt(4) == 0) {
      return writeUnlistedCells(table, random);
    }
    byte[] rowKey = mangled(random, randomKey(random));
    if (rowKey.length == 0) {
      return null; // HBase has no empty row key
    }
    Put put = new Put(rowKey);
    int cells = 1 + random.nextInt(3);
    for (int i = 0; i < cells; i++) {
      byte[] name =
          random.nextInt(10) == 0
              ? new byte[] {(byte) 0xFF, (byte) random.nextInt(256)}
              : (random.nextBoolean() ? "total" : "wk_cold").getBytes(StandardCharsets.UTF_8);
      put.addColumn(FAMILY, name, mangled(random, new byte[] {'I', 0, 0, 0, 0, 0, 0, 2, 17}));
    }
    TableName name = TableName.valueOf("fuzz", table);
    try (Table t = cluster.connection().getTable(name)) {
      t.put(put);
    } catch (IOException | IllegalArgumentException e) {
      return null; // HBase refuses these bytes itself
    }
    return () -> {
      try (Table t = cluster.connection().getTable(name)) {
        t.delete(new Delete(rowKey));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    };
  }

  /**
   * A well-formed row whose marker lists one cell, beside cells it does not list, written earlier
   * (an older, wider row's leftovers, or another writer's), some of them megabytes long, under
   * names the entities declare or not: reads never return them, and fetch only those of declared
   * names (which they then hand to their repair).
   */
  private Runnable writeUnlistedCells(String table, Random random) {
    // a widekey row key (random bytes may be empty, which HBase refuses before sending)
    byte[] rowKey =
        OrderedKeyBytes.encode(
            PrimaryKey.of(PkValue.ofString(Long.toString(random.nextLong() >>> 40))));
    Put older = new Put(rowKey);
    String[] names = {"junk", "total", "amount", "title", "body", "balanceCents", "quantity"};
    int cells = 1 + random.nextInt(4);
    for (int i = 0; i < cells; i++) {
      byte[] value = new byte[random.nextInt(4) == 0 ? 1 + random.nextInt(4 << 20) : 9];
      value[0] = 'B';
      older.addColumn(
          FAMILY, names[random.nextInt(names.length)].getBytes(StandardCharsets.UTF_8), value);
    }
    byte[] total = "total".getBytes(StandardCharsets.UTF_8);
    Put marked =
        new Put(rowKey)
            .addColumn(FAMILY, total, new byte[] {'I', 0, 0, 0, 0, 0, 0, 2, 17})
            .addColumn(FAMILY, RowMarker.QUALIFIER, RowMarker.encode(new byte[][] {total}));
    TableName name = TableName.valueOf("fuzz", table);
    try (Table t = cluster.connection().getTable(name)) {
      t.put(older);
      Thread.sleep(2); // the marked put at a later server millisecond
      t.put(marked);
    } catch (IOException | IllegalArgumentException e) {
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
    return () -> {
      try (Table t = cluster.connection().getTable(name)) {
        t.delete(new Delete(rowKey));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    };
  }

  private static final byte[] FAMILY = HBaseStore.FAMILY_BYTES;

  /** A widekey row key of one STRING column, or random bytes. */
  private static byte[] randomKey(Random random) {
    if (random.nextInt(4) == 0) {
      byte[] b = new byte[random.nextInt(40)];
      random.nextBytes(b);
      return b;
    }
    return OrderedKeyBytes.encode(
        PrimaryKey.of(PkValue.ofString(Long.toString(random.nextLong() >>> 40))));
  }

  /** The bytes, or a copy cut short, lengthened, with a byte changed, or an escape broken. */
  private static byte[] mangled(Random random, byte[] bytes) {
    byte[] b = bytes.clone();
    switch (random.nextInt(6)) {
      case 0 -> b = Arrays.copyOf(b, random.nextInt(b.length + 1));
      case 1 -> b = Arrays.copyOf(b, b.length + 1 + random.nextInt(3));
      case 2 -> {
        if (b.length > 0) {
          b[random.nextInt(b.length)] = (byte) random.nextInt(256);
        }
      }
      case 3 -> {
        for (int i = 0; i + 1 < b.length; i++) {
          if (b[i] == 0) {
            b[i + 1] = (byte) random.nextInt(256); // 00 01 and 00 FF are the only escapes
          }
        }
      }
      default -> {
        // unchanged: well-formed bytes now and then
      }
    }
    return b;
  }
}
