package dev.widekey.runtime.repository;

import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.function.Function;

/**
 * The entities of an index read, in index order: index rows taken from the scan in batches, each
 * batch verified against the hot rows it names ({@code verify}), an entity returned once where two
 * adjacent index rows name it at the same values (a write that kept its index row while another row
 * of it was still there). Batches start small, so a short read costs a short multi-get, and double
 * up to {@code maxBatch}; a reader that says how many entities it takes gets batches of what it
 * still wants.
 */
final class IndexScan<E> implements Iterator<IndexScan.Verified<E>> {
  /** The most hot keys one batch reads: the bound on one multi-get of base rows. */
  static final int MAX_BATCH = 2_000;

  /** The first batch's size. */
  static final int FIRST_BATCH = 32;

  /** An index row that matched its hot row: its values, the hot key, the entity. */
  record Verified<E>(List<PkValue> values, PrimaryKey hotKey, E entity) {
    /** The position in index order: the indexed values, then the hot key's values. */
    PrimaryKey position() {
      List<PkValue> all = new ArrayList<>(values.size() + hotKey.size());
      all.addAll(values);
      all.addAll(hotKey.values());
      return PrimaryKey.of(all);
    }
  }

  private final Iterator<Row> rows;
  private final int maxBatch;
  private final Function<List<Row>, List<Verified<E>>> verify;
  private final Deque<Verified<E>> ready = new ArrayDeque<>();
  private final long wanted;
  private long handedOut;
  private int batch;
  private Verified<E> last;

  /**
   * @param wanted the most entities the reader takes ({@code Long.MAX_VALUE}: unknown): a batch
   *     then reads no more index rows than the entities still wanted, so a page of 100 reads about
   *     100 hot rows, not the next doubling's
   */
  IndexScan(
      Iterator<Row> rows,
      int maxBatch,
      long wanted,
      Function<List<Row>, List<Verified<E>>> verify) {
    this.rows = rows;
    this.maxBatch = Math.max(1, maxBatch);
    this.wanted = wanted;
    this.verify = verify;
    this.batch = Math.min(FIRST_BATCH, this.maxBatch);
  }

  @Override
  public boolean hasNext() {
    while (ready.isEmpty() && rows.hasNext() && handedOut < wanted) {
      int size =
          wanted == Long.MAX_VALUE
              ? batch
              : (int) Math.min(maxBatch, Math.max(1, wanted - handedOut));
      List<Row> next = new ArrayList<>(size);
      while (next.size() < size && rows.hasNext()) {
        next.add(rows.next());
      }
      batch = Math.min(maxBatch, batch * 2);
      for (Verified<E> v : verify.apply(next)) {
        if (last != null && last.hotKey().equals(v.hotKey()) && last.values().equals(v.values())) {
          continue; // the same entity at the same values: adjacent rows of one position
        }
        last = v;
        ready.add(v);
      }
    }
    return !ready.isEmpty();
  }

  @Override
  public Verified<E> next() {
    if (!hasNext()) {
      throw new NoSuchElementException();
    }
    handedOut++;
    return ready.poll();
  }
}
