package dev.widekey.spring;

import static org.assertj.core.api.Assertions.assertThat;

import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.ForwardingStore;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.WriteOutcome;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import dev.widekey.sample.Item;
import dev.widekey.sample.ItemRepository;
import dev.widekey.sample.ItemTable;
import java.math.BigDecimal;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * Closing the context sends the deletes a repository's writes left queued before the store closes:
 * on a networked store the write of a split entity deletes the cold row it replaced in the
 * background, and a store closed under that delete would leave the row for the sweep.
 * (StarterOnHBaseTest, in spring-boot-starter-hbase-it, checks the same on HBase.)
 */
class QueuedDeletesAtCloseTest {

  /** The embedded store seen as a networked one, refusing calls once closed, as one does. */
  private static final class NetworkedStore extends ForwardingStore {
    private volatile boolean closed;

    NetworkedStore(EmbeddedStore delegate) {
      super(delegate);
    }

    @Override
    public int scanParallelism() {
      return Integer.MAX_VALUE; // calls wait on round trips: deletes of replaced rows are queued
    }

    @Override
    public List<WriteOutcome> batchWrite(List<WriteOp> ops) {
      if (closed) {
        throw new StoreException(ErrorKind.UNAVAILABLE, "store closed", false, null);
      }
      return super.batchWrite(ops);
    }

    @Override
    public void close() {
      closed = true; // the embedded store stays open: the test reads what was left in it
    }
  }

  @Test
  void theReplacedColdRowIsDeletedBeforeTheStoreCloses() {
    try (EmbeddedStore embedded = EmbeddedStore.inMemory()) {
      new ApplicationContextRunner()
          .withConfiguration(AutoConfigurations.of(WidekeyAutoConfiguration.class))
          .withBean(WideTableStore.class, () -> new NetworkedStore(embedded))
          .run(
              context -> {
                ItemRepository items = context.getBean(ItemRepository.class);
                items.createTables();
                items.put(new Item(42L, 7, new BigDecimal("19.99"), "first"));
                // last before the context closes: replaces the first write, whose cold row's
                // delete is queued
                items.put(new Item(42L, 6, new BigDecimal("18.00"), "second"));
              });

      try (Stream<?> cold =
          embedded.scan(ItemTable.COLD_NAME, ScanRange.all(ItemTable.COLD.primaryKey().size()))) {
        assertThat(cold.count()).as("cold rows: the last write's, and no replaced one").isOne();
      }
    }
  }
}
