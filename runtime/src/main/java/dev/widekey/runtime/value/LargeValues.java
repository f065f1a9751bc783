package dev.widekey.runtime.value;

import static dev.widekey.core.RuleViolationException.quote;

import dev.widekey.core.Rule;
import dev.widekey.core.store.AttrType;
import dev.widekey.core.store.ReservedNames;
import dev.widekey.core.store.StoreLimits;
import dev.widekey.core.store.Utf8;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.WideTableStore;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
 * write it with {@link WideTableStore#put}, on its own. It cannot be larger than one put carries
 * ({@link StoreLimits#maxPutBytes()}, 4 MB on Tablestore): stores refuse such a row.
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
  public static final String PREFIX = ReservedNames.PREFIX;

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

  /** As {@link #join(String, Row)}, for a row whose table need not be named in errors. */
  public static Row join(Row row) {
    return join(null, row);
  }

  /**
   * The row as written before {@link #chunk}: every chunked column (a {@code wk_name_n} count
   * column and no plain {@code name} column) joined back into one value. Rows without chunks come
   * back unchanged.
   *
   * <p>Stored bytes are not trusted: the count must be an INTEGER from 1 to the number of chunk
   * columns the row holds, and chunks 0 … n−1 must all be there, all STRING or all BINARY. Anything
   * else is refused before any allocation sized by the count.
   *
   * <pre>
   * {@code Row whole = LargeValues.join("pages", store.get("pages", key, all()).orElseThrow());}
   * </pre>
   *
   * @param table the table the row was read from, named in errors
   * @throws StoreException {@link ErrorKind#CORRUPT_DATA} (not retryable) naming the table and
   *     column, for a forged or damaged count or chunks
   */
  public static Row join(String table, Row row) {
    Map<String, AttrValue> columns = row.columns();
    List<String> chunked = new ArrayList<>();
    for (String name : columns.keySet()) {
      if (name.startsWith(PREFIX)
          && name.endsWith(COUNT_SUFFIX)
          && name.length() > PREFIX.length() + COUNT_SUFFIX.length()) {
        String base = name.substring(PREFIX.length(), name.length() - COUNT_SUFFIX.length());
        if (!columns.containsKey(base)) {
          chunked.add(base);
        }
      }
    }
    if (chunked.isEmpty()) {
      return row;
    }
    Map<String, AttrValue> out = new TreeMap<>(columns);
    for (String base : chunked) {
      int n = chunkCount(table, row, base, columns.get(countColumn(base)));
      List<AttrValue> chunks = new ArrayList<>(n);
      for (int i = 0; i < n; i++) {
        chunks.add(out.remove(chunkColumn(base, i)));
      }
      out.remove(countColumn(base));
      out.put(base, concat(table, row.key(), base, chunks));
    }
    return Row.of(row.key(), out);
  }

  /**
   * The chunk count of {@code base}, checked against the row: an INTEGER from 1 to the number of
   * chunk columns present, so a forged count can never size an allocation or a loop.
   */
  private static int chunkCount(String table, Row row, String base, AttrValue count) {
    if (count.type() != AttrType.INTEGER) {
      throw corrupt(table, row.key(), base, "its chunk count is a " + count.type() + " value");
    }
    long n = count.asLong();
    int present = chunksPresent(row, base);
    if (n < 1 || n > present) {
      throw corrupt(
          table,
          row.key(),
          base,
          "its chunk count is " + n + " but the row holds " + present + " chunk columns");
    }
    return (int) n;
  }

  /** How many {@code wk_base_<digits>} columns the row holds. */
  private static int chunksPresent(Row row, String base) {
    String from = PREFIX + base + SEPARATOR;
    int present = 0;
    for (String name : row.columns().tailMap(from).keySet()) {
      if (!name.startsWith(from)) {
        break;
      }
      String index = name.substring(from.length());
      if (!index.isEmpty() && index.chars().allMatch(c -> c >= '0' && c <= '9')) {
        present++;
      }
    }
    return present;
  }

  /**
   * Reads one possibly chunked column of one row: the column and its count first, then, for a
   * chunked value, the row's columns, checked as {@link #join(String, Row)} checks them. Two reads
   * for a chunked value, one otherwise. The value returned always comes whole from one read (the
   * count and the chunks of the second read, never the first read's count), so a rewrite between
   * the reads gives the old value or the new one, never a mix.
   *
   * @throws StoreException {@link ErrorKind#CORRUPT_DATA} (not retryable) for a forged or damaged
   *     count or chunks
   */
  public static Optional<AttrValue> read(
      WideTableStore store, String table, PrimaryKey key, String column) {
    Optional<Row> head = store.get(table, key, ColumnSelection.of(column, countColumn(column)));
    if (head.isEmpty()) {
      return Optional.empty();
    }
    AttrValue plain = head.get().get(column);
    AttrValue count = head.get().get(countColumn(column));
    if (plain != null || count == null) {
      return Optional.ofNullable(plain);
    }
    // the chunk names are not listed from the count, which may be forged: the whole row is read
    // (its size is bounded by the store) and the count checked against the chunks it holds
    Row whole = store.get(table, key, ColumnSelection.all()).orElse(null);
    if (whole == null || whole.get(column) != null) {
      return Optional.ofNullable(whole == null ? null : whole.get(column)); // rewritten meanwhile
    }
    AttrValue current = whole.get(countColumn(column));
    if (current == null) {
      return Optional.empty();
    }
    int n = chunkCount(table, whole, column, current);
    List<AttrValue> parts = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      parts.add(whole.get(chunkColumn(column, i)));
    }
    return Optional.of(concat(table, key, column, parts));
  }

  private static AttrValue concat(
      String table, PrimaryKey key, String column, List<AttrValue> chunks) {
    AttrType type = null;
    for (AttrValue c : chunks) {
      if (c == null
          || (type != null && c.type() != type)
          || (c.type() != AttrType.STRING && c.type() != AttrType.BINARY)) {
        throw corrupt(table, key, column, "its chunks are missing or of mixed types");
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
    return AttrValue.ofBinary(out.toByteArray());
  }

  private static StoreException corrupt(String table, PrimaryKey key, String column, String why) {
    return new StoreException(
        ErrorKind.CORRUPT_DATA,
        Rule.WK202
            + ": chunked column "
            + quote(column)
            + " of row "
            + key
            + (table == null ? "" : " of table " + quote(table))
            + " cannot be joined: "
            + why
            + "; widekey did not write it so (another writer, a restored backup, or damage)",
        false,
        null);
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
