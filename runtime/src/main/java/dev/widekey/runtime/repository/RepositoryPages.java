package dev.widekey.runtime.repository;

import dev.widekey.runtime.key.KeyBuckets;
import dev.widekey.runtime.merge.MergeCursor;
import dev.widekey.runtime.merge.MergePosition;
import dev.widekey.runtime.merge.MergedScan;
import dev.widekey.runtime.query.ContinuationKey;
import dev.widekey.runtime.query.ContinuationToken;
import dev.widekey.runtime.query.InvalidContinuationException;
import dev.widekey.runtime.query.Pages;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.OrderedKeyBytes;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.WideTableStore;
import jakarta.data.page.CursoredPage;
import jakarta.data.page.PageRequest;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * Pages, counts and existence checks of one repository's hot table: {@link
 * SplitTableRepository#page}, {@code pageBuckets}, {@code count}, {@code exists} delegate here, so
 * the repository keeps only their signatures. A page reads at most its size plus one rows (plus the
 * continuation key's own row forward), decides whether another page follows, and signs each row's
 * cursor when asked; a continuation token is checked before anything is read.
 */
final class RepositoryPages {
  private RepositoryPages() {}

  static final byte[] NO_EXTRA = new byte[0];

  /** What was read for a page: the entities, the stored key of each, and whether more follow. */
  record Read<E>(List<E> content, List<PrimaryKey> keys, boolean more) {}

  /** The resume key a verified token holds; a key that does not decode is MALFORMED. */
  static PrimaryKey key(String table, String queryId, byte[] position, List<PkColumn> schema) {
    try {
      return OrderedKeyBytes.decode(table, position, schema);
    } catch (StoreException | IllegalArgumentException e) {
      // a signed token decodes unless this version wrote it otherwise: refuse, do not guess
      throw new InvalidContinuationException(
          InvalidContinuationException.Reason.MALFORMED,
          table,
          queryId,
          "its position is no key of the table");
    }
  }

  static <E> CursoredPage<E> page(
      SplitTableRepository<E> repo,
      ContinuationKey signer,
      String queryId,
      ScanRange range,
      PageRequest request) {
    String table = repo.hotTable().name();
    String token = Pages.token(request, table, queryId);
    byte[] params = Pages.parameters(List.of(range), range.isBackward(), NO_EXTRA);
    PrimaryKey last = null;
    ScanRange rest = range;
    if (token != null) {
      byte[] position = ContinuationToken.open(signer, table, queryId, params, token);
      last = key(table, queryId, position, repo.hotTable().primaryKey());
      // the rest never leaves the query's range, whatever the token's key
      rest = range.after(last);
    }
    int size = request.size();
    long want = size + 1L + (last != null && rest.afterHoldsLast() ? 1 : 0);
    List<E> content = new ArrayList<>();
    List<PrimaryKey> keys = new ArrayList<>();
    boolean more = false;
    long raw = 0;
    try (Stream<Row> rows = repo.store().scan(table, repo.readRange(rest.withLimit(want)))) {
      Iterator<Row> it = rows.iterator();
      while (it.hasNext()) {
        Row row = it.next();
        raw++;
        if (last != null && !rest.isAfter(row.key(), last)) {
          continue;
        }
        Optional<E> entity = repo.entityOfHotRow(row);
        if (entity.isEmpty()) {
          continue; // deleted while its other rows were read
        }
        if (content.size() == size) {
          more = true;
          break;
        }
        content.add(entity.get());
        keys.add(row.key());
      }
    }
    // a row left out (deleted meanwhile) may hide one more: say a next page may exist
    more |= raw == want;
    return finish(
        signer,
        table,
        queryId,
        params,
        request,
        new Read<>(content, keys, more),
        k -> OrderedKeyBytes.encode(k));
  }

  static <E> CursoredPage<E> pageBuckets(
      SplitTableRepository<E> repo,
      ContinuationKey signer,
      Executor readAhead,
      String queryId,
      KeyBuckets buckets,
      List<ScanRange> ranges,
      boolean descending,
      PageRequest request) {
    String table = repo.hotTable().name();
    String token = Pages.token(request, table, queryId);
    byte[] params = Pages.parameters(ranges, descending, NO_EXTRA);
    MergePosition after = null;
    if (token != null) {
      byte[] position = ContinuationToken.open(signer, table, queryId, params, token);
      PrimaryKey last = key(table, queryId, position, repo.hotTable().primaryKey());
      after = new MergePosition(bucketOf(buckets, last, table, queryId), last);
    }
    int size = request.size();
    MergedScan merge =
        ScanMerge.of(
                repo.store(),
                List.of(table),
                ranges.stream().map(repo::readRange).toList(),
                buckets,
                buckets.logicalOrder(),
                descending,
                readAhead)
            .withLimit(size + 1L);
    List<E> content = new ArrayList<>();
    List<PrimaryKey> keys = new ArrayList<>();
    boolean more = false;
    long raw = 0;
    try (MergeCursor cursor = after == null ? merge.open() : merge.openAfter(after)) {
      while (cursor.hasNext()) {
        Row row = cursor.next();
        raw++;
        Optional<E> entity = repo.entityOfHotRow(row);
        if (entity.isEmpty()) {
          continue;
        }
        if (content.size() == size) {
          more = true;
          break;
        }
        content.add(entity.get());
        keys.add(row.key());
      }
    }
    more |= raw == size + 1L;
    return finish(
        signer,
        table,
        queryId,
        params,
        request,
        new Read<>(content, keys, more),
        OrderedKeyBytes::encode);
  }

  /**
   * A page read through an index: at most {@code size} verified entities in index order after the
   * token's position (an entity's indexed values and hot key, so a resumed page starts past every
   * index row of the last entity returned, whatever their tags). The token is bound to the index
   * table, the query and the range.
   */
  static <E> CursoredPage<E> pageIndex(
      SplitTableRepository<E> repo,
      ContinuationKey signer,
      String queryId,
      IndexTable index,
      ScanRange range,
      PageRequest request) {
    String table = index.table().name();
    String token = Pages.token(request, table, queryId);
    byte[] params = Pages.parameters(List.of(range), range.isBackward(), NO_EXTRA);
    ScanRange rest = range;
    if (token != null) {
      byte[] position = ContinuationToken.open(signer, table, queryId, params, token);
      PrimaryKey last =
          key(table, queryId, position, IndexRows.positionSchema(index, repo.hotTable()));
      rest = range.after(IndexRows.pastPosition(index, last, range.isBackward()));
    }
    int size = request.size();
    List<E> content = new ArrayList<>();
    List<IndexScan.Verified<E>> found = new ArrayList<>();
    boolean more = false;
    try (Stream<IndexScan.Verified<E>> read =
        repo.scanIndexKeyed(index, rest.withLimit(size + 1L))) {
      Iterator<IndexScan.Verified<E>> it = read.iterator();
      while (it.hasNext()) {
        IndexScan.Verified<E> v = it.next();
        if (content.size() == size) {
          more = true;
          break;
        }
        content.add(v.entity());
        found.add(v);
      }
    }
    // a position is built only for a cursor asked for: mostly the next page's
    return Pages.of(
        content,
        i ->
            ContinuationToken.sign(
                signer, table, queryId, params, OrderedKeyBytes.encode(found.get(i).position())),
        request,
        more);
  }

  /** The bucket of a continuation's key; a key without one is refused as malformed (WK309). */
  static int bucketOf(KeyBuckets buckets, PrimaryKey key, String table, String queryId) {
    try {
      return buckets.bucketOf(key);
    } catch (IllegalArgumentException e) {
      throw new InvalidContinuationException(
          InvalidContinuationException.Reason.MALFORMED, table, queryId, "its key has no bucket");
    }
  }

  /** The page of what was read, each row's cursor a token of its position. */
  static <E> CursoredPage<E> finish(
      ContinuationKey signer,
      String table,
      String queryId,
      byte[] params,
      PageRequest request,
      Read<E> read,
      Function<PrimaryKey, byte[]> positionOf) {
    List<PrimaryKey> keys = read.keys();
    return Pages.of(
        read.content(),
        i -> ContinuationToken.sign(signer, table, queryId, params, positionOf.apply(keys.get(i))),
        request,
        read.more());
  }

  /** The rows of {@code range}, keys only: a count reads no attribute column. */
  static long count(WideTableStore store, String table, ScanRange range) {
    try (Stream<Row> rows = store.scan(table, range.withColumns(ColumnSelection.keysOnly()))) {
      return rows.count();
    }
  }

  /** Whether {@code range} holds a row: at most one key read. */
  static boolean exists(WideTableStore store, String table, ScanRange range) {
    try (Stream<Row> rows =
        store.scan(table, range.withColumns(ColumnSelection.keysOnly()).withLimit(1))) {
      return rows.findAny().isPresent();
    }
  }
}
