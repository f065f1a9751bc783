package dev.widekey.store.hbase;

import dev.widekey.annotations.Profile;
import dev.widekey.runtime.store.TableSpec;
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
  static HBaseStore store;

  @BeforeAll
  static void open(HBaseStore opened) {
    store = opened;
  }

  @Override
  protected WideTableStore store() {
    return store;
  }

  /** Seconds a row of {@link #newExpiringTable} lives: short, since HBase's time cannot move. */
  private static final long TTL_SECONDS = 4;

  /**
   * HBase's time is the region server's own clock, so the expired-row tests use a table whose
   * column family expires cells after a few seconds and wait for it: the conditions meet cells
   * HBase still stores and only its time to live hides.
   */
  @Override
  protected TableSpec newExpiringTable(String hint) {
    return newTable(hint, Profile.HBASE, TTL_SECONDS, stringColumn("pk"));
  }

  @Override
  protected void expireRows() {
    try {
      Thread.sleep(TTL_SECONDS * 1000 + 1500);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted while rows expire", e);
    }
  }

  /** HBase keeps no row count per region and reports stored sizes in whole megabytes. */
  @Override
  protected boolean countsStoredRows() {
    return false;
  }
}
