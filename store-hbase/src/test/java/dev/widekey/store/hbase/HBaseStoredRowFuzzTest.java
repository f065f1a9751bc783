package dev.widekey.store.hbase;

import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.store.tck.fuzz.StoredRowFuzzTest;
import java.io.IOException;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.client.Admin;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.JRE;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The stored-row fuzzer on the HBase mini cluster, in a namespace of its own so that its tables
 * hold only the rows it forges. (The mini cluster shares the test JVM's 1 GB heap.)
 */
@ExtendWith(MiniHBase.Extension.class)
@EnabledForJreRange(max = JRE.JAVA_22, disabledReason = MiniHBase.JDK_REASON)
class HBaseStoredRowFuzzTest extends StoredRowFuzzTest {
  private static HBaseStore store;

  @BeforeAll
  static void open(MiniHBase mini) throws IOException {
    try (Admin admin = mini.util().getAdmin()) {
      admin.createNamespace(NamespaceDescriptor.create("fuzz").build());
    }
    store = HBaseStore.using(mini.connection(), "fuzz");
  }

  @AfterAll
  static void close() {
    if (store != null) {
      store.close();
    }
  }

  @Override
  protected WideTableStore store() {
    return store;
  }
}
