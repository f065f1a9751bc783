package dev.widekey.store.tablestore;

import dev.widekey.store.tck.StoreContractTest;

/** The store contract as the Tablestore backend meets it, over the fake or the live service. */
abstract class TablestoreContractBase extends StoreContractTest {

  /**
   * Tablestore reports no row count or stored size per partition through its data API; the write,
   * written-byte and read counts are this client's own.
   */
  @Override
  protected boolean countsStoredRows() {
    return false;
  }

  @Override
  protected boolean reportsStoredBytes() {
    return false;
  }
}
