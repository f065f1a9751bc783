package dev.widekey.store.hbase;

import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.store.tck.GeneratedRekeyingContractTest;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.JRE;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The generated re-keying jobs on the HBase mini cluster: old rows read by region-server scans,
 * moved through the bulk writer, checkpoints written under a condition on their previous value.
 */
@ExtendWith(MiniHBase.Extension.class)
@EnabledForJreRange(max = JRE.JAVA_22, disabledReason = MiniHBase.JDK_REASON)
class GeneratedRekeyingOnHBaseTest extends GeneratedRekeyingContractTest {
  static HBaseStore store;

  @BeforeAll
  static void open(HBaseStore opened) {
    store = opened;
  }

  @Override
  protected WideTableStore store() {
    return store;
  }

  /** Round trips to a region server: fewer rows by default than on the embedded store. */
  @Override
  protected int defaultRows() {
    return 2_000;
  }
}
