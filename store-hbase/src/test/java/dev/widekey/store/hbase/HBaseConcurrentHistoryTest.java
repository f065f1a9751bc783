package dev.widekey.store.hbase;

import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.store.tck.history.ConcurrentHistoryContractTest;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.JRE;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The history-checked concurrency test on the HBase mini cluster, over two store instances with
 * their own connections, as two application instances would run: the region server orders the
 * writes (no client clock), so no client can make an earlier write win.
 */
@ExtendWith(MiniHBase.Extension.class)
@EnabledForJreRange(max = JRE.JAVA_22, disabledReason = MiniHBase.JDK_REASON)
class HBaseConcurrentHistoryTest extends ConcurrentHistoryContractTest {
  static List<WideTableStore> stores;

  @BeforeAll
  static void open(MiniHBase cluster) throws Exception {
    // each with a connection of its own, as two processes would have
    stores =
        List.of(
            HBaseStore.connect(cluster.util().getConfiguration(), "default"),
            HBaseStore.connect(cluster.util().getConfiguration(), "default"));
  }

  @AfterAll
  static void close() {
    if (stores != null) {
      stores.forEach(WideTableStore::close);
    }
  }

  @Override
  protected List<WideTableStore> stores() {
    return stores;
  }
}
