package dev.widekey.store.hbase;

import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.store.tck.SplitEntityConsistencyContractTest;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.JRE;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A split entity under a second writer that lands mid-write, on the HBase mini cluster: the commit
 * is the region server's {@code checkAndMutate} on the hot row's write tag.
 */
@ExtendWith(MiniHBase.Extension.class)
@EnabledForJreRange(max = JRE.JAVA_22, disabledReason = MiniHBase.JDK_REASON)
class SplitEntityConsistencyOnHBaseTest extends SplitEntityConsistencyContractTest {
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
