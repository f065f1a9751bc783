package dev.widekey.spring;

import static org.assertj.core.api.Assertions.assertThat;

import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.ForwardingStore;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import dev.widekey.sample.Item;
import dev.widekey.sample.ItemRepository;
import dev.widekey.sample.ItemTable;
import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * {@code widekey.repositories.remembered-commit-points} reaches every repository bean: with 0, a
 * rewrite of a split entity reads its commit point first on a networked store; unset, the
 * repository remembers the entity it wrote and reads nothing. (A negative value: {@link
 * BadPropertiesTest}.)
 */
class RememberedCommitPointsPropertyTest {
  /** The embedded store seen as a networked one (no computed rows), counting hot-table reads. */
  private static final class CountingStore extends ForwardingStore {
    final AtomicInteger hotReads = new AtomicInteger();

    CountingStore(EmbeddedStore delegate) {
      super(delegate);
    }

    @Override
    public Optional<Row> get(String table, PrimaryKey key, ColumnSelection columns) {
      if (table.equals(ItemTable.NAME)) {
        hotReads.incrementAndGet();
      }
      return super.get(table, key, columns);
    }

    @Override
    public List<Optional<Row>> multiGet(
        String table, List<PrimaryKey> keys, ColumnSelection columns) {
      if (table.equals(ItemTable.NAME)) {
        hotReads.addAndGet(keys.size());
      }
      return super.multiGet(table, keys, columns);
    }
  }

  /** The hot-table reads of three rewrites of one item after its first write. */
  private static int readsOfThreeRewrites(String... properties) {
    AtomicInteger reads = new AtomicInteger(-1);
    try (EmbeddedStore embedded = EmbeddedStore.inMemory()) {
      CountingStore store = new CountingStore(embedded);
      new ApplicationContextRunner()
          .withConfiguration(AutoConfigurations.of(WidekeyAutoConfiguration.class))
          .withBean(WideTableStore.class, () -> store)
          .withPropertyValues(properties)
          .run(
              context -> {
                assertThat(context).hasNotFailed();
                ItemRepository items = context.getBean(ItemRepository.class);
                items.createTables();
                items.put(new Item(42L, 7, new BigDecimal("19.99"), "first"));
                store.hotReads.set(0);
                for (int i = 0; i < 3; i++) {
                  items.put(new Item(42L, i, new BigDecimal("18.00"), "again " + i));
                }
                reads.set(store.hotReads.get());
                assertThat(items.getWithCold(42L).orElseThrow().description()).isEqualTo("again 2");
              });
    }
    return reads.get();
  }

  @Test
  void unsetTheRepositoryRemembersWhatItWrote() {
    assertThat(readsOfThreeRewrites()).isZero();
  }

  @Test
  void zeroMakesEveryRewriteReadItsCommitPoint() {
    assertThat(readsOfThreeRewrites("widekey.repositories.remembered-commit-points=0"))
        .isEqualTo(3);
  }
}
