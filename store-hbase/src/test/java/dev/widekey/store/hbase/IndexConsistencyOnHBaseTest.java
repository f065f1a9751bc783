package dev.widekey.store.hbase;

import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.store.tck.IndexConsistencyContractTest;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.JRE;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Index tables on the HBase mini cluster under writers changing indexed values and readers through
 * the index: each index row and each commit is a region server's atomic row write, the commit a
 * {@code checkAndMutate} on the hot row's write tag.
 */
@ExtendWith(MiniHBase.Extension.class)
@EnabledForJreRange(max = JRE.JAVA_22, disabledReason = MiniHBase.JDK_REASON)
class IndexConsistencyOnHBaseTest extends IndexConsistencyContractTest {
  static HBaseStore store;

  @BeforeAll
  static void open(HBaseStore opened) {
    store = opened;
  }

  @Override
  protected WideTableStore store() {
    return store;
  }

  /** Round trips to a region server: fewer writes than on the embedded store. */
  @Override
  protected int writesPerWriter() {
    return Integer.getInteger(WRITES_PROPERTY, 60);
  }
}
