package dev.widekey.micrometer;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CyclicBarrier;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** maxTables bounds the table tags even when new tables are first seen at the same time. */
class TableBoundUnderConcurrencyTest {
  @Test
  void concurrentNewTablesNeverExceedTheBound() throws Exception {
    int threads = 8;
    try (EmbeddedStore embedded = EmbeddedStore.inMemory()) {
      // tables that exist: only names the store answered for take a tag
      for (int t = 0; t < threads; t++) {
        embedded.createTable(Rows.table("forged_" + t, 10, 1));
      }
      for (int round = 0; round < 300; round++) {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        WideTableStore store = MeteredStore.builder(registry).maxTables(1).wrap(embedded);
        CyclicBarrier start = new CyclicBarrier(threads);
        List<Thread> all = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
          String table = "forged_" + t;
          Thread th =
              new Thread(
                  () -> {
                    try {
                      start.await();
                    } catch (Exception e) {
                      throw new IllegalStateException(e);
                    }
                    assertTrue(store.describeTable(table).isPresent());
                  });
          th.start();
          all.add(th);
        }
        for (Thread th : all) {
          th.join();
        }
        Set<String> tags =
            registry.getMeters().stream()
                .map(m -> m.getId().getTag("db.collection.name"))
                .filter(c -> c != null && !c.startsWith("_"))
                .collect(Collectors.toSet());
        assertTrue(tags.size() <= 1, "round " + round + ": " + tags);
      }
    }
  }
}
