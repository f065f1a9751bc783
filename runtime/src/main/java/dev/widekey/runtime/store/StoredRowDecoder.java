package dev.widekey.runtime.store;

/**
 * Decodes the parts of a row a store read when its reader first asks for them ({@link Row#stored}):
 * a scan then pays only for what its caller looks at, and a merge of scans orders rows by their
 * stored key bytes ({@link Row#storedKey()}) without decoding the keys. One decoder serves many
 * rows (a store makes one per table or page), so it holds no per-row state. A stored form that does
 * not decode (a corrupt row) throws its {@link StoreException} when the part is asked for.
 *
 * <pre>{@code
 * Row row = Row.stored(keyBytes, columnBytes, decoder); // nothing decoded yet
 * row.get("time");                                      // decoder.column(columnBytes, "time")
 * }</pre>
 */
public interface StoredRowDecoder {
  /** The key whose {@link OrderedKeyBytes} form is {@code storedKey}. */
  PrimaryKey key(byte[] storedKey);

  /** Every attribute column of the stored columns, in name order. */
  Row.Builder columns(byte[] storedColumns);

  /**
   * The value of one column, or null if the stored columns hold none of that name: what a reader
   * that looks at one column of a row needs, without decoding the others.
   */
  AttrValue column(byte[] storedColumns, String name);
}
