package dev.widekey.store.hbase;

import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.store.tck.ForgedSplitRowsContractTest;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.JRE;
import org.junit.jupiter.api.extension.ExtendWith;

/** Rows of a split entity no write could have produced, on the HBase mini cluster. */
@ExtendWith(MiniHBase.Extension.class)
@EnabledForJreRange(max = JRE.JAVA_22, disabledReason = MiniHBase.JDK_REASON)
class ForgedSplitRowsOnHBaseTest extends ForgedSplitRowsContractTest {
  static HBaseStore store;

  @BeforeAll
  static void open(HBaseStore opened) {
    store = opened;
  }

  @Override
  protected WideTableStore store() {
    return store;
  }
}
