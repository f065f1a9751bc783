package dev.widekey.runtime.store;

import java.util.function.ToLongFunction;

/**
 * A merge's sort prefix ({@code MergedScan.withSortPrefix}) that reads a row's prefix from its
 * stored key bytes ({@link Row#storedKey()}, the key's {@link OrderedKeyBytes} form) when the store
 * kept them: a merge of stored rows then orders them without decoding their keys. {@link #ofRow}
 * gives the same prefix as {@link #applyAsLong} on the row's key.
 *
 * <pre>{@code
 * long p = prefix.ofRow(row); // == prefix.applyAsLong(row.key()), the key left undecoded
 * }</pre>
 */
public interface StoredKeyPrefix extends ToLongFunction<PrimaryKey> {
  /** The prefix of {@code row}'s key: from its stored bytes if it has them, else its key. */
  long ofRow(Row row);
}
