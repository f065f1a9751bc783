package dev.widekey.processor;

import static com.google.common.truth.Truth.assertThat;
import static dev.widekey.processor.Fixtures.compile;
import static dev.widekey.processor.Fixtures.good;

import dev.widekey.core.store.AttrType;
import dev.widekey.runtime.repository.SplitTableRepository;
import dev.widekey.runtime.store.DefinedColumn;
import dev.widekey.runtime.store.ServiceIndex;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Generated reads through service-maintained indexes ({@code good/ServiceIndexedOrder}) on the
 * embedded store serving the Tablestore profile, with a global-index lag the test sets: the local
 * index is exact after each write; a read through a global index right after a write misses it but
 * never returns an entity that does not match, and is exact once the lag has passed; the repository
 * writes no index rows for them.
 */
class ServiceIndexEndToEndTest {
  private static final Duration LAG = Duration.ofMillis(500);

  private GeneratedClassLoader loader;
  private Class<?> type;

  private Object order(String customer, String id, String card, String status, long amount)
      throws Exception {
    return type.getConstructor(
            String.class, String.class, String.class, String.class, long.class, String.class)
        .newInstance(customer, id, card, status, amount, "note");
  }

  private static List<Object> read(Object repo, String view, String scan, Object... args)
      throws Exception {
    Object v = repo.getClass().getMethod(view).invoke(repo);
    Method m = null;
    for (Method candidate : v.getClass().getMethods()) {
      if (candidate.getName().equals(scan) && candidate.getParameterCount() == args.length) {
        m = candidate;
      }
    }
    if (m == null) {
      throw new AssertionError(
          view + "() has no " + scan + ": " + List.of(v.getClass().getMethods()));
    }
    try (Stream<?> s = (Stream<?>) m.invoke(v, args)) {
      return s.map(o -> (Object) o).toList();
    }
  }

  private String ids(List<Object> orders) throws Exception {
    StringBuilder out = new StringBuilder();
    for (Object o : orders) {
      out.append(type.getMethod("orderId").invoke(o)).append(' ');
    }
    return out.toString().trim();
  }

  @Test
  void serviceIndexesThroughTheGeneratedRepository() throws Exception {
    loader = new GeneratedClassLoader(compile(good("ServiceIndexedOrder")));
    type = loader.loadClass("good.ServiceIndexedOrder");
    MovingClock clock = new MovingClock();
    try (WideTableStore store = EmbeddedStore.builder().clock(clock).globalIndexLag(LAG).build()) {
      @SuppressWarnings("unchecked")
      SplitTableRepository<Object> repo =
          (SplitTableRepository<Object>)
              loader
                  .loadClass("good.ServiceIndexedOrderRepository")
                  .getConstructor(WideTableStore.class)
                  .newInstance(store);
      repo.createTables();

      // the indexes are created with the hot table; no client-side index table for them
      TableSpec hot = store.describeTable("svc_orders").orElseThrow();
      assertThat(hot.serviceIndexes())
          .containsExactly(
              new ServiceIndex(
                  "svc_orders_by_status", List.of("customer", "status"), ServiceIndex.Kind.LOCAL),
              new ServiceIndex("svc_orders_by_card", List.of("cardId"), ServiceIndex.Kind.GLOBAL),
              new ServiceIndex(
                  "svc_orders_by_amount", List.of("amount"), ServiceIndex.Kind.GLOBAL));
      assertThat(hot.definedColumns())
          .containsExactly(
              new DefinedColumn("status", AttrType.STRING),
              new DefinedColumn("cardId", AttrType.STRING),
              new DefinedColumn("amount", AttrType.INTEGER));
      assertThat(store.listTables("svc_orders"))
          .containsExactly("svc_orders", "svc_orders_by_note");

      repo.put(order("C1", "1", "CARD7", "NEW", 5));
      repo.put(order("C1", "2", "CARD7", "PAID", 6));
      // local: exact at once
      assertThat(ids(read(repo, "byStatus", "scanByCustomerAndStatus", "C1", "NEW")))
          .isEqualTo("1");
      // global: right after the writes, not there yet
      assertThat(read(repo, "byCard", "scanByCardId", "CARD7")).isEmpty();
      clock.advance(LAG);
      assertThat(ids(read(repo, "byCard", "scanByCardId", "CARD7"))).isEqualTo("1 2");
      assertThat(ids(read(repo, "byAmount", "scanByAmount", 6L))).isEqualTo("2");
      assertThat(ids(read(repo, "byCard", "scanByCardIdDescending", "CARD7"))).isEqualTo("2 1");
      Object byCard = repo.getClass().getMethod("byCard").invoke(repo);
      assertThat(byCard.getClass().getMethod("countByCardId", String.class).invoke(byCard, "CARD7"))
          .isEqualTo(2L);
      assertThat(
              byCard.getClass().getMethod("existsByCardId", String.class).invoke(byCard, "CARD9"))
          .isEqualTo(false);

      // order 1 moves to another card and status
      repo.put(order("C1", "1", "CARD6", "SENT", 5));
      assertThat(ids(read(repo, "byStatus", "scanByCustomerAndStatus", "C1", "NEW"))).isEmpty();
      assertThat(ids(read(repo, "byStatus", "scanByCustomerAndStatus", "C1", "SENT")))
          .isEqualTo("1");
      // the global index still holds order 1 under CARD7: the read checks it and leaves it out
      assertThat(ids(read(repo, "byCard", "scanByCardId", "CARD7"))).isEqualTo("2");
      assertThat(read(repo, "byCard", "scanByCardId", "CARD6")).isEmpty();
      clock.advance(LAG);
      assertThat(ids(read(repo, "byCard", "scanByCardId", "CARD6"))).isEqualTo("1");
      assertThat(ids(read(repo, "byCard", "scanByCardId", "CARD7"))).isEqualTo("2");

      // a delete: the lagging global index still names order 2, the read never returns it
      repo.getClass().getMethod("delete", String.class, String.class).invoke(repo, "C1", "2");
      assertThat(read(repo, "byCard", "scanByCardId", "CARD7")).isEmpty();
      assertThat(read(repo, "byAmount", "scanByAmount", 6L)).isEmpty();
      assertThat(read(repo, "byStatus", "scanByCustomerAndStatus", "C1", "PAID")).isEmpty();

      // the client-side index still works beside them
      assertThat(ids(read(repo, "byNote", "scanByNote", "note"))).isEqualTo("1");
    }
  }
}
