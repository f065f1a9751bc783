package dev.widekey.store.hbase;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.JRE;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The generated repositories (split entities, cold rows, versioned entities) on the HBase mini
 * cluster with {@code widekey.hbase.write.order=row-marker}.
 */
@ExtendWith(MiniHBase.Extension.class)
@EnabledForJreRange(max = JRE.JAVA_22, disabledReason = MiniHBase.JDK_REASON)
class GeneratedRepositoriesRowMarkerOrderTest extends GeneratedRepositoriesOnHBaseTest {
  /** Hides the superclass's: the same store, ordering plain writes by the row marker. */
  @BeforeAll
  static void open(MiniHBase mini, HBaseStore opened) {
    cluster = mini;
    store = opened.withWriteOrder(HBaseStore.WriteOrder.ROW_MARKER);
  }

  @Test
  void runsInTheRowMarkerOrder() {
    assertEquals(HBaseStore.WriteOrder.ROW_MARKER, store.writeOrder());
  }
}
