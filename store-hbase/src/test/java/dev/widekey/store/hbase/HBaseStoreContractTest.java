package dev.widekey.store.hbase;

import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.store.tck.StoreContractTest;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.JRE;
import org.junit.jupiter.api.extension.ExtendWith;

/** The store contract on an HBase mini cluster, one store shared by all tests. */
@ExtendWith(MiniHBase.Extension.class)
@EnabledForJreRange(max = JRE.JAVA_22, disabledReason = MiniHBase.JDK_REASON)
class HBaseStoreContractTest extends StoreContractTest {
  private static HBaseStore store;

  @BeforeAll
  static void open(HBaseStore opened) {
    store = opened;
  }

  @Override
  protected WideTableStore store() {
    return store;
  }

  /** HBase keeps no row count per region and reports stored sizes in whole megabytes. */
  @Override
  protected boolean countsStoredRows() {
    return false;
  }
}
