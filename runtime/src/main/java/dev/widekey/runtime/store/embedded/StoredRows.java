package dev.widekey.runtime.store.embedded;

import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.OrderedKeyBytes;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.StoredRowDecoder;
import dev.widekey.runtime.store.TableSpec;

/**
 * Decodes the rows of one table that a scan returns in their stored form ({@link Row#stored}): the
 * key from its B-tree key, the columns from the row's {@link RowCodec} bytes (without the TTL
 * header), each when the scan's caller first asks for it.
 */
final class StoredRows implements StoredRowDecoder {
  private final TableSpec spec;
  private final ColumnNames names;

  StoredRows(TableSpec spec, ColumnNames names) {
    this.spec = spec;
    this.names = names;
  }

  /**
   * A row of this table in its stored form. Its format byte is checked now, which also brings the
   * columns' first bytes into the cache while the page is read, rows back to back, rather than one
   * miss at a time when a merge returns the row.
   */
  Row row(byte[] storedKey, byte[] storedColumns) {
    RowCodec.checkFormat(storedColumns);
    return Row.stored(storedKey, storedColumns, this);
  }

  @Override
  public PrimaryKey key(byte[] storedKey) {
    return OrderedKeyBytes.decode(spec.name(), storedKey, spec.primaryKey());
  }

  @Override
  public Row.Builder columns(byte[] storedColumns) {
    return RowCodec.decode(storedColumns, ColumnSelection.all(), names);
  }

  @Override
  public AttrValue column(byte[] storedColumns, String name) {
    return RowCodec.column(storedColumns, name, names);
  }
}
