package dev.widekey.store.hbase;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.widekey.runtime.store.WideTableStore;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.JRE;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The history-checked concurrency test on the HBase mini cluster with {@code
 * widekey.hbase.write.order=row-marker}: two store instances with their own connections, whose
 * plain puts race each other's checks on the row marker.
 */
@ExtendWith(MiniHBase.Extension.class)
@EnabledForJreRange(max = JRE.JAVA_22, disabledReason = MiniHBase.JDK_REASON)
class HBaseRowMarkerOrderHistoryTest extends HBaseConcurrentHistoryTest {
  /** Hides the superclass's; its {@code close} closes these. */
  @BeforeAll
  static void open(MiniHBase cluster) throws Exception {
    stores =
        List.<WideTableStore>of(
            HBaseStore.connect(
                cluster.util().getConfiguration(), "default", HBaseStore.WriteOrder.ROW_MARKER),
            HBaseStore.connect(
                cluster.util().getConfiguration(), "default", HBaseStore.WriteOrder.ROW_MARKER));
  }

  @Test
  void runsInTheRowMarkerOrder() {
    for (WideTableStore s : stores) {
      assertEquals(HBaseStore.WriteOrder.ROW_MARKER, ((HBaseStore) s).writeOrder());
    }
  }
}
