package dev.widekey.runtime.value;

import dev.widekey.runtime.Rule;
import dev.widekey.runtime.store.AttrType;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.StoreLimits;
import dev.widekey.runtime.store.Utf8;
import dev.widekey.runtime.store.WideTableStore;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * Attribute values over the store's size limit (2 MB, rule WK202): split into chunk columns before
 * a write, joined again after a read, or refused before anything is written.
 *
 * <p>A value of column {@code doc} larger than {@link StoreLimits#maxAttributeBytes()} is stored as
 * columns {@code wk_doc_0}, {@code wk_doc_1}, … each within the limit, plus {@code wk_doc_n}
 * holding the chunk count as an INTEGER. Chunks keep the value's type: a STRING is cut between code
 * points (each chunk is valid text), a BINARY between bytes. Values within the limit are left as
 * they are, so only large values pay for chunking. Since a put replaces the whole row, no chunk of
 * an older, longer value survives a rewrite.
 *
 * <p>A chunked row can be larger than one batch may carry ({@link StoreLimits#maxBatchBytes()}):
 * write it with {@link WideTableStore#put}, on its own.
 *
 * <pre>{@code
 * // write: chunk "body" if needed, refuse a large value anywhere else
 * Row stored = LargeValues.chunk(row, store.limits(), "body"::equals);
 * store.put("pages", stored);
 * // read: join the chunks back
 * Row back = LargeValues.join(store.get("pages", key, ColumnSelection.all()).orElseThrow());
 * Optional<AttrValue> body = LargeValues.read(store, "pages", key, "body"); // one column only
 * }</pre>
 */
public final class LargeValues {
  /**
   * Starts every chunk column: widekey's reserved prefix, which entity fields may not use, so that
   * chunk names never meet a user column. Names stay within {@code [A-Za-z0-9_]}, the only
   * characters Tablestore allows in a column name.
   */
  public static final String PREFIX = "wk_";

  /** Separates a column name from its chunk index. */
  public static final String SEPARATOR = "_";

  /** Suffix of the column holding the chunk count. */
  public static final String COUNT_SUFFIX = SEPARATOR + "n";

  private LargeValues() {}

  /** The name of chunk {@code index} of {@code column}: {@code wk_body_0}. */
  public static String chunkColumn(String column, int index) {
    return PREFIX + column + SEPARATOR + index;
  }

  /** The name of the column holding {@code column}'s chunk count: {@code wk_body_n}. */
  public static String countColumn(String column) {
    return PREFIX + column + COUNT_SUFFIX;
  }

  /**
   * Refuses a row holding an attribute value over the limit, before any write, for callers that do
   * not allow chunking.
   *
   * @throws StoreException {@link ErrorKind#LIMIT_EXCEEDED}, not retryable, naming the column
   */
  public static void requireWithinLimit(String table, Row row, StoreLimits limits) {
    for (Map.Entry<String, AttrValue> e : row.columns().entrySet()) {
      int size = e.getValue().sizeInBytes();
      if (size > limits.maxAttributeBytes()) {
        throw tooLarge(table, row.key(), e.getKey(), size, limits);
      }
    }
  }

  /** As {@link #chunk(Row, StoreLimits, Predicate)} with every column chunkable. */
  public static Row chunk(Row row, StoreLimits limits) {
    return chunk(row, limits, column -> true);
  }

  /**
   * The row to store: each value over {@link StoreLimits#maxAttributeBytes()} of a column that
   * {@code chunkable} accepts is replaced by its chunk columns; the other columns are kept.
   *
   * @throws StoreException {@link ErrorKind#LIMIT_EXCEEDED} (not retryable) for a value over the
   *     limit in a column that may not be chunked; {@link ErrorKind#INVALID_REQUEST} if the row
   *     already holds a column named like one of the chunk columns
   */
  public static Row chunk(Row row, StoreLimits limits, Predicate<String> chunkable) {
    int max = limits.maxAttributeBytes();
    Map<String, AttrValue> out = null;
    for (Map.Entry<String, AttrValue> e : row.columns().entrySet()) {
      String name = e.getKey();
      AttrValue value = e.getValue();
      int size = value.sizeInBytes();
      if (size <= max) {
        continue;
      }
      if (!chunkable.test(name)) {
        throw tooLarge(null, row.key(), name, size, limits);
      }
      if (out == null) {
        out = new TreeMap<>(row.columns());
      }
      out.remove(name);
      List<AttrValue> chunks = split(value, max);
      for (int i = 0; i < chunks.size(); i++) {
        putNew(out, row, chunkColumn(name, i), chunks.get(i));
      }
      putNew(out, row, countColumn(name), AttrValue.ofInteger(chunks.size()));
    }
    return out == null ? row : Row.of(row.key(), out);
  }

  private static void putNew(Map<String, AttrValue> out, Row row, String name, AttrValue v) {
    if (out.putIfAbsent(name, v) != null || row.columns().containsKey(name)) {
      throw new StoreException(
          ErrorKind.INVALID_REQUEST,
          "row " + row.key() + " already has a column " + name + ", which chunking needs (WK202)",
          false,
          null);
    }
  }

  /** Splits a value into chunks of at most {@code maxChunkBytes} bytes each. */
  static List<AttrValue> split(AttrValue value, int maxChunkBytes) {
    if (maxChunkBytes < 4) {
      throw new IllegalArgumentException(
          "chunks of " + maxChunkBytes + " bytes cannot hold a code point");
    }
    List<AttrValue> chunks = new ArrayList<>();
    if (value.type() == AttrType.BINARY) {
      byte[] bytes = value.asBinary();
      for (int from = 0; from < bytes.length; from += maxChunkBytes) {
        chunks.add(
            AttrValue.ofBinary(
                Arrays.copyOfRange(bytes, from, Math.min(bytes.length, from + maxChunkBytes))));
      }
      return chunks;
    }
    if (value.type() != AttrType.STRING) {
      throw new IllegalArgumentException("a " + value.type() + " value is never over the limit");
    }
    String s = value.asString();
    int start = 0;
    int bytes = 0;
    int i = 0;
    while (i < s.length()) {
      int cp = s.codePointAt(i);
      int width = Character.charCount(cp);
      int cpBytes = Utf8.encodedLength(cp);
      if (bytes + cpBytes > maxChunkBytes) {
        chunks.add(AttrValue.ofString(s.substring(start, i)));
        start = i;
        bytes = 0;
      }
      bytes += cpBytes;
      i += width;
    }
    chunks.add(AttrValue.ofString(s.substring(start)));
    return chunks;
  }

  /**
   * The row as written before {@link #chunk}: every chunked column (one with an INTEGER {@code
   * wk_name_n} count column and all its chunks, and no plain {@code name} column) joined back into
   * one value. Rows without chunks come back unchanged.
   *
   * @throws StoreException {@link ErrorKind#INTERNAL} (not retryable) if a count column names
   *     chunks that are missing or of mixed types, i.e. the row was not read whole
   */
  public static Row join(Row row) {
    Map<String, AttrValue> columns = row.columns();
    Map<String, Integer> chunked = new LinkedHashMap<>();
    for (Map.Entry<String, AttrValue> e : columns.entrySet()) {
      String name = e.getKey();
      if (name.startsWith(PREFIX)
          && name.endsWith(COUNT_SUFFIX)
          && e.getValue().type() == AttrType.INTEGER
          && name.length() > PREFIX.length() + COUNT_SUFFIX.length()) {
        String base = name.substring(PREFIX.length(), name.length() - COUNT_SUFFIX.length());
        if (!columns.containsKey(base) && columns.containsKey(chunkColumn(base, 0))) {
          chunked.put(base, (int) e.getValue().asLong());
        }
      }
    }
    if (chunked.isEmpty()) {
      return row;
    }
    Map<String, AttrValue> out = new TreeMap<>(columns);
    for (Map.Entry<String, Integer> e : chunked.entrySet()) {
      String base = e.getKey();
      List<AttrValue> chunks = new ArrayList<>(e.getValue());
      for (int i = 0; i < e.getValue(); i++) {
        chunks.add(out.remove(chunkColumn(base, i)));
      }
      out.remove(countColumn(base));
      out.put(base, concat(row.key(), base, chunks));
    }
    return Row.of(row.key(), out);
  }

  /**
   * Reads one possibly chunked column of one row: the column and its count first, then the chunks
   * if there are any. Two reads for a chunked value, one otherwise.
   */
  public static Optional<AttrValue> read(
      WideTableStore store, String table, PrimaryKey key, String column) {
    Optional<Row> head = store.get(table, key, ColumnSelection.of(column, countColumn(column)));
    if (head.isEmpty()) {
      return Optional.empty();
    }
    AttrValue plain = head.get().get(column);
    AttrValue count = head.get().get(countColumn(column));
    if (plain != null || count == null || count.type() != AttrType.INTEGER) {
      return Optional.ofNullable(plain);
    }
    int n = (int) count.asLong();
    Set<String> names = new HashSet<>();
    for (int i = 0; i < n; i++) {
      names.add(chunkColumn(column, i));
    }
    Row chunks = store.get(table, key, ColumnSelection.of(names)).orElse(null);
    if (chunks == null) {
      return Optional.empty(); // deleted between the two reads
    }
    List<AttrValue> parts = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      parts.add(chunks.get(chunkColumn(column, i)));
    }
    return Optional.of(concat(key, column, parts));
  }

  private static AttrValue concat(PrimaryKey key, String column, List<AttrValue> chunks) {
    AttrType type = null;
    for (AttrValue c : chunks) {
      if (c == null
          || (type != null && c.type() != type)
          || (c.type() != AttrType.STRING && c.type() != AttrType.BINARY)) {
        throw new StoreException(
            ErrorKind.INTERNAL,
            "chunks of column " + column + " of row " + key + " are missing or of mixed types",
            false,
            null);
      }
      type = c.type();
    }
    if (type == AttrType.STRING) {
      StringBuilder sb = new StringBuilder();
      chunks.forEach(c -> sb.append(c.asString()));
      return AttrValue.ofString(sb.toString());
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    chunks.forEach(c -> out.writeBytes(c.asBinary()));
    return type == null ? AttrValue.ofBinary(new byte[0]) : AttrValue.ofBinary(out.toByteArray());
  }

  private static StoreException tooLarge(
      String table, PrimaryKey key, String column, int size, StoreLimits limits) {
    return new StoreException(
        ErrorKind.LIMIT_EXCEEDED,
        Rule.WK202
            + ": column "
            + column
            + " of row "
            + key
            + (table == null ? "" : " of table " + table)
            + " holds "
            + size
            + " bytes, over the attribute limit of "
            + limits.maxAttributeBytes()
            + " bytes, and may not be chunked; nothing was written. Fix: allow chunking for "
            + "the column, or compress the value (@ColdColumn(compress = true))",
        false,
        null);
  }
}
