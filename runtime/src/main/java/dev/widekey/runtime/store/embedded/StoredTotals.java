package dev.widekey.runtime.store.embedded;

import dev.widekey.runtime.store.OrderedKeyBytes;
import dev.widekey.runtime.store.PrimaryKey;
import org.h2.mvstore.Cursor;

/**
 * The row and byte totals of a table's partitions across a close and a crash: saved at a clean
 * close, restored at the next open when they are current, recounted from the rows otherwise.
 *
 * <pre>{@code
 * StoredTotals.restore(table, clean ? catalog.loadTotals(name) : null);
 * catalog.saveTotals(name, StoredTotals.of(table));
 * }</pre>
 */
final class StoredTotals {
  private StoredTotals() {}

  /** A table's totals now, to save at a clean close. */
  static Catalog.PartitionTotals of(Table t) {
    long[] rows = new long[t.partitions.length];
    long[] bytes = new long[t.partitions.length];
    for (int i = 0; i < rows.length; i++) {
      rows[i] = t.partitions[i].rows.sum();
      bytes[i] = t.partitions[i].storedBytes.sum();
    }
    return new Catalog.PartitionTotals(rows, bytes);
  }

  /**
   * Gives a freshly opened table its totals: the saved ones if they fit its partitions, else
   * counted from its rows ({@code saved} null: none that can be trusted, as after a crash).
   */
  static void restore(Table t, Catalog.PartitionTotals saved) {
    if (saved != null && saved.partitions() == t.partitions.length) {
      for (int i = 0; i < t.partitions.length; i++) {
        t.partitions[i].stored(saved.rows()[i], saved.storedBytes()[i]);
      }
    } else {
      recount(t);
    }
  }

  /** Counts a table's rows and bytes from its rows. */
  private static void recount(Table t) {
    Cursor<byte[], byte[]> cursor = t.rows.cursor(null);
    while (cursor.hasNext()) {
      byte[] key = cursor.next();
      PrimaryKey pk = OrderedKeyBytes.decode(t.spec.name(), key, t.spec.primaryKey());
      t.partitions[t.partitionOf(key)].stored(
          1, pk.sizeInBytes() + RowCodec.logicalSize(t.attributes(cursor.getValue())));
    }
  }
}
