package dev.widekey.store.hbase;

import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.store.tck.IndexBuildContractTest;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.JRE;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * An index built over stored rows on the HBase mini cluster while writers race the build: each
 * build commit is a {@code checkAndMutate} on the hot row's write tag, as a write's is.
 */
@ExtendWith(MiniHBase.Extension.class)
@EnabledForJreRange(max = JRE.JAVA_22, disabledReason = MiniHBase.JDK_REASON)
class IndexBuildOnHBaseTest extends IndexBuildContractTest {
  static HBaseStore store;

  @BeforeAll
  static void open(HBaseStore opened) {
    store = opened;
  }

  @Override
  protected WideTableStore store() {
    return store;
  }

  /** Round trips to a region server: fewer rows and writes than on the embedded store. */
  @Override
  protected int storedRows() {
    return Integer.getInteger("widekey.index.build.rows", 40);
  }

  @Override
  protected int writesPerWriter() {
    return Integer.getInteger("widekey.index.build.writes", 40);
  }
}
