package dev.widekey.store.hbase;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.runtime.store.OrderedKeyBytes;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.store.tck.GeneratedRepositoriesContractTest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Table;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.JRE;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The generated repositories on the HBase mini cluster, checked on the HBase tables themselves
 * (regions, row keys, cells) where it matters.
 */
@ExtendWith(MiniHBase.Extension.class)
@EnabledForJreRange(max = JRE.JAVA_22, disabledReason = MiniHBase.JDK_REASON)
class GeneratedRepositoriesOnHBaseTest extends GeneratedRepositoriesContractTest {
  static MiniHBase cluster;
  static HBaseStore store;

  @BeforeAll
  static void open(MiniHBase mini, HBaseStore opened) {
    cluster = mini;
    store = opened;
  }

  @Override
  protected WideTableStore store() {
    return store;
  }

  private static TableName hbaseName(String table) {
    return TableName.valueOf("default", table);
  }

  /**
   * The columns of the HBase row, read with the HBase client: those its row marker lists, each of
   * which must have its cell. Cells the marker does not list are an older, wider row's leftovers (a
   * put deletes nothing), which no read returns.
   */
  @Override
  protected Set<String> serviceColumns(String table, PrimaryKey key) {
    Set<String> columns = new TreeSet<>();
    try (Table t = cluster.connection().getTable(hbaseName(table))) {
      Result r = t.get(new Get(OrderedKeyBytes.encode(key)));
      if (r.isEmpty()) {
        return columns;
      }
      byte[] family = HBaseStore.FAMILY.getBytes(StandardCharsets.UTF_8);
      byte[] marker = r.getValue(family, RowMarker.QUALIFIER);
      assertNotNull(marker, "the row has a marker");
      for (byte[] q : RowMarker.decode(table, r.getRow(), marker)) {
        assertTrue(r.containsColumn(family, q), "a listed column has its cell");
        columns.add(new String(q, StandardCharsets.UTF_8));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return columns;
  }

  @Override
  protected void checkTablesExist(List<String> tables) {
    try (Admin admin = cluster.util().getAdmin()) {
      for (String table : tables) {
        assertTrue(admin.tableExists(hbaseName(table)), table);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  protected void checkPartitions(String table, int partitions) {
    try (Admin admin = cluster.util().getAdmin()) {
      assertEquals(partitions, admin.getRegions(hbaseName(table)).size());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The row is in the region from {@code start} to {@code end}. */
  @Override
  protected void checkWritten(String table, PrimaryKey key, PkValue start, PkValue end) {
    byte[] rowKey = OrderedKeyBytes.encode(key);
    try (RegionLocator locator = cluster.connection().getRegionLocator(hbaseName(table));
        Table t = cluster.connection().getTable(hbaseName(table))) {
      var region = locator.getRegionLocation(rowKey, true).getRegion();
      assertArrayEquals(OrderedKeyBytes.encodeFirstColumn(start), region.getStartKey());
      assertArrayEquals(OrderedKeyBytes.encodeFirstColumn(end), region.getEndKey());
      assertTrue(t.exists(new Get(rowKey)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  protected void checkDeleted(String table, PrimaryKey key) {
    try (Table t = cluster.connection().getTable(hbaseName(table))) {
      assertFalse(t.exists(new Get(OrderedKeyBytes.encode(key))), "the delete reached HBase");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
