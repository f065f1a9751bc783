package dev.widekey.runtime.repository;

import dev.widekey.core.RuleViolationException;
import dev.widekey.core.store.StoreLimits;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.backend.ServiceChecks;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * One run of an index build ({@link SplitTableRepository#buildIndexes()}): the hot table scanned in
 * key order, a page at a time, and each row that holds a value for an index but names no stored row
 * of it given one. For such a row the index row is stored first, under a fresh tag, then the hot
 * row is committed as read plus that index's tag column ({@link IndexRows#tagColumn}; and the write
 * tag, for a row that had none) by {@link CommitPoint#commitIndexed}, conditioned on the row being
 * unchanged since the read. On a failed condition a write committed meanwhile: the index row is
 * deleted (no hot row names it), and the row is read and decided again; a write of the version with
 * the index stored its own index rows. Cold and chunk rows are never written. A row is already
 * indexed when the row its tag column names is stored; a tag naming a missing row (an index dropped
 * and declared again) does not count.
 */
final class IndexBuild<E> {
  /** Hot rows a page: their named index rows are checked by one multi-get per index. */
  static final int PAGE = 500;

  /** How the build reads entities, from the repository. */
  interface Entities<E> {
    /** The entity of a hot row; throws for a row that builds none. */
    E decode(Row hot);

    /** The entity's indexed values for {@code index}, null for a null one; throws for bad ones. */
    List<PkValue> values(IndexTable index, E entity);
  }

  private final WideTableStore store;
  private final TableSpec hot;
  private final List<IndexTable> indexes;
  private final CommitPoint commitPoint;
  private final Entities<E> entities;
  private final StoreLimits limits;

  private long scanned;
  private long written;
  private long already;
  private long retried;
  private long untagged;
  private long refused;
  private final List<IndexBuildResult.Refusal> refusals = new ArrayList<>();

  IndexBuild(
      WideTableStore store,
      TableSpec hot,
      List<IndexTable> indexes,
      CommitPoint commitPoint,
      Entities<E> entities) {
    this.store = store;
    this.hot = hot;
    this.indexes = List.copyOf(indexes);
    this.commitPoint = commitPoint;
    this.entities = entities;
    this.limits = store.limits(hot.profile());
  }

  IndexBuildResult run() {
    ScanRange all = ScanRange.all(hot.primaryKey().size()).withColumns(ColumnSelection.all());
    // pages reopened after the last key: no scanner held open while rows are committed
    ChunkedRows rows = new ChunkedRows(store, hot.name(), all, ChunkedRows.MAX_CHUNK);
    List<Row> page = new ArrayList<>(PAGE);
    while (rows.hasNext()) {
      page.add(rows.next());
      if (page.size() == PAGE) {
        build(page);
        page.clear();
      }
    }
    build(page);
    List<String> names = new ArrayList<>(indexes.size());
    indexes.forEach(i -> names.add(i.table().name()));
    return new IndexBuildResult(
        names, scanned, written, already, retried, untagged, refused, refusals);
  }

  /** The rows of a page: each one's missing index rows, then each row that lacks any, indexed. */
  private void build(List<Row> page) {
    if (page.isEmpty()) {
      return;
    }
    List<Map<IndexTable, List<PkValue>>> missing = new ArrayList<>(page.size());
    // per index: the rows its hot rows name, checked by one multi-get
    Map<IndexTable, List<PrimaryKey>> named = new LinkedHashMap<>();
    for (Row row : page) {
      scanned++;
      Map<IndexTable, List<PkValue>> values = valuesOf(row);
      missing.add(values);
      if (values == null) {
        continue;
      }
      for (Map.Entry<IndexTable, List<PkValue>> e : values.entrySet()) {
        PrimaryKey key = namedRow(row, e.getKey(), e.getValue());
        if (key != null) {
          named.computeIfAbsent(e.getKey(), i -> new ArrayList<>()).add(key);
        }
      }
    }
    Set<PrimaryKey> stored = storedRows(named);
    for (int i = 0; i < page.size(); i++) {
      Map<IndexTable, List<PkValue>> values = missing.get(i);
      if (values == null) {
        continue; // refused, counted
      }
      Row row = page.get(i);
      values.keySet().removeIf(index -> stored.contains(namedRow(row, index, values.get(index))));
      if (values.isEmpty()) {
        already++;
      } else {
        index(row, values);
      }
    }
  }

  /**
   * The indexed values of a hot row, by index, nulls left out; null if the row is refused (counted
   * and listed).
   */
  private Map<IndexTable, List<PkValue>> valuesOf(Row row) {
    E entity;
    try {
      entity = entities.decode(row);
    } catch (RuleViolationException | StoreException e) {
      if (e instanceof StoreException s && s.kind() != ErrorKind.CORRUPT_DATA) {
        throw e;
      }
      refuse(row.key(), null, e.getMessage());
      return null;
    }
    Map<IndexTable, List<PkValue>> values = new LinkedHashMap<>();
    for (IndexTable index : indexes) {
      try {
        List<PkValue> v = entities.values(index, entity);
        if (v != null) {
          values.put(index, v);
        }
      } catch (RuleViolationException e) {
        refuse(row.key(), index.name(), e.getMessage());
        return null;
      }
    }
    return values;
  }

  private void refuse(PrimaryKey key, String index, String message) {
    refused++;
    if (refusals.size() < IndexBuildResult.MAX_REFUSALS) {
      refusals.add(new IndexBuildResult.Refusal(hot.name(), key, index, message));
    }
  }

  /** The index row a hot row's tag column names, or null if it names none. */
  private static PrimaryKey namedRow(Row row, IndexTable index, List<PkValue> values) {
    AttrValue tag = row.get(IndexRows.tagColumn(index));
    if (tag == null || tag.type() != dev.widekey.core.store.AttrType.INTEGER) {
      return null;
    }
    return IndexRows.key(index, values, row.key(), tag.asLong());
  }

  /** Which of the named index rows are stored: one multi-get per piece of the store's limit. */
  private Set<PrimaryKey> storedRows(Map<IndexTable, List<PrimaryKey>> named) {
    Set<PrimaryKey> stored = new HashSet<>();
    for (Map.Entry<IndexTable, List<PrimaryKey>> e : named.entrySet()) {
      TableSpec table = e.getKey().table();
      List<PrimaryKey> keys = e.getValue();
      int piece = store.limits(table.profile()).maxMultiGetRows();
      for (int from = 0; from < keys.size(); from += piece) {
        List<PrimaryKey> part = keys.subList(from, Math.min(keys.size(), from + piece));
        for (Optional<Row> r :
            store.multiGet(table.name(), part, ColumnSelection.of(ColdRows.WRITTEN))) {
          r.ifPresent(found -> stored.add(found.key()));
        }
      }
    }
    return stored;
  }

  /**
   * Stores a row's missing index rows and commits them, deciding again on a fresh read after each
   * write that commits first.
   */
  private void index(Row row, Map<IndexTable, List<PkValue>> missing) {
    for (int attempt = 1; attempt <= CommitPoint.COMMIT_ATTEMPTS; attempt++) {
      long tag = SplitTableRepository.newTag();
      CommitClock clock = commitPoint.clock();
      long startNanos = clock.nanoTime();
      long now = clock.wallMillis();
      Map<String, AttrValue> columns = new LinkedHashMap<>(row.columns());
      boolean tagged = row.get(SplitTableRepository.COLD_TAG) != null;
      if (!tagged) {
        // from now on a compare-and-set proves the row unchanged
        columns.put(SplitTableRepository.COLD_TAG, AttrValue.ofInteger(tag));
      }
      List<Row> indexRows = new ArrayList<>(missing.size());
      List<IndexTable> tables = new ArrayList<>(missing.size());
      try {
        for (Map.Entry<IndexTable, List<PkValue>> e : missing.entrySet()) {
          IndexTable index = e.getKey();
          Row indexRow = IndexRows.row(index, e.getValue(), row.key(), tag, now);
          SplitTableRepository.checkKeySize(index.table().primaryKey(), indexRow.key(), limits);
          ServiceChecks.rowSize(index.table(), indexRow, store.limits(index.table().profile()));
          columns.put(IndexRows.tagColumn(index), AttrValue.ofInteger(tag));
          indexRows.add(indexRow);
          tables.add(index);
        }
        ServiceChecks.rowSize(hot, Row.of(row.key(), columns), limits);
      } catch (RuleViolationException e) {
        refuse(row.key(), null, e.getMessage());
        return;
      } catch (StoreException e) {
        if (e.kind() != ErrorKind.LIMIT_EXCEEDED) {
          throw e;
        }
        refuse(row.key(), null, e.getMessage());
        return;
      }
      for (int i = 0; i < indexRows.size(); i++) {
        store.put(tables.get(i).table().name(), indexRows.get(i));
      }
      // an unknown outcome (thrown) leaves the index rows: the commit may have landed and named
      // them
      List<WriteOp> indexPuts = new ArrayList<>(indexRows.size());
      for (int i = 0; i < indexRows.size(); i++) {
        indexPuts.add(WriteOp.put(tables.get(i).table().name(), indexRows.get(i)));
      }
      boolean committed =
          commitPoint.commitIndexed(row, Row.of(row.key(), columns), indexPuts, startNanos);
      if (!committed) {
        // under the build's fresh tag, which no hot row names
        for (int i = 0; i < indexRows.size(); i++) {
          deleteQuietly(tables.get(i).table().name(), indexRows.get(i).key());
        }
      }
      if (committed) {
        written += indexRows.size();
        if (!tagged) {
          untagged++;
        }
        return;
      }
      retried++;
      Optional<Row> again = store.get(hot.name(), row.key(), ColumnSelection.all());
      if (again.isEmpty()) {
        return; // deleted meanwhile: nothing to index
      }
      row = again.get();
      missing = valuesOf(row);
      if (missing == null) {
        return; // refused, counted
      }
      for (IndexTable index : List.copyOf(missing.keySet())) {
        PrimaryKey named = namedRow(row, index, missing.get(index));
        if (named != null
            && store
                .get(index.table().name(), named, ColumnSelection.of(ColdRows.WRITTEN))
                .isPresent()) {
          missing.remove(index);
        }
      }
      if (missing.isEmpty()) {
        return; // the write that committed first stored its index rows
      }
    }
    throw new ContendedWriteException(
        row.key(), hot.name(), CommitPoint.COMMIT_ATTEMPTS, "index it; run the build again");
  }

  private void deleteQuietly(String table, PrimaryKey key) {
    try {
      store.delete(table, key);
    } catch (StoreException e) {
      // garbage for the sweep: named by no hot row
    }
  }
}
