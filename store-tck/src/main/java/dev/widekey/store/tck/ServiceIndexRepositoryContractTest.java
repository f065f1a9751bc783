package dev.widekey.store.tck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.store.tck.entities.ServiceIndexedTicket;
import dev.widekey.store.tck.entities.ServiceIndexedTicketRepository;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The generated repository over a store that maintains secondary indexes itself ({@code
 * good.ServiceIndexedTicket}): random puts and deletes, and after each write a read through the
 * local index (exact) and through the global index (a subset of the matching entities, never one
 * that does not match; exact once the lag has passed).
 */
public abstract class ServiceIndexRepositoryContractTest {
  /** The lag of the global index the store is built with. */
  protected static final Duration LAG = Duration.ofMillis(300);

  /** A store over {@code clock} whose global indexes receive writes {@code globalLag} late. */
  protected abstract WideTableStore store(TestClock clock, Duration globalLag);

  private static String ids(Stream<ServiceIndexedTicket> tickets) {
    try (tickets) {
      return tickets.map(t -> t.tenant() + "/" + t.id()).collect(Collectors.joining(" "));
    }
  }

  private static String matching(
      Map<String, ServiceIndexedTicket> model,
      java.util.function.Predicate<ServiceIndexedTicket> p) {
    return model.values().stream()
        .filter(p)
        .map(t -> t.tenant() + "/" + t.id())
        .collect(Collectors.toCollection(TreeSet::new))
        .stream()
        .collect(Collectors.joining(" "));
  }

  private static String sorted(String ids) {
    return ids.isEmpty()
        ? ""
        : List.of(ids.split(" ")).stream().sorted().collect(Collectors.joining(" "));
  }

  @Test
  void readsThroughServiceIndexesNeverReturnAWrongEntity() {
    TestClock clock = new TestClock();
    try (WideTableStore store = store(clock, LAG)) {
      ServiceIndexedTicketRepository tickets = new ServiceIndexedTicketRepository(store);
      tickets.createTables();
      Map<String, ServiceIndexedTicket> model = new HashMap<>();
      Random random = new Random(306);
      String[] states = {"open", "closed"};
      String[] queues = {"red", "blue", "green"};
      for (int i = 0; i < 150; i++) {
        String tenant = "t" + random.nextInt(2);
        String id = Integer.toString(random.nextInt(8));
        if (random.nextInt(5) == 0) {
          tickets.delete(tenant, id);
          model.remove(tenant + "/" + id);
        } else {
          ServiceIndexedTicket t =
              new ServiceIndexedTicket(
                  tenant, id, states[random.nextInt(2)], queues[random.nextInt(3)]);
          tickets.put(t);
          model.put(tenant + "/" + id, t);
        }
        String state = states[random.nextInt(2)];
        assertEquals(
            matching(model, t -> t.tenant().equals(tenant) && t.state().equals(state)),
            sorted(ids(tickets.byState().scanByTenantAndState(tenant, state))),
            "local index after write " + i);
        String queue = queues[random.nextInt(3)];
        String want = matching(model, t -> t.queue().equals(queue));
        String got = sorted(ids(tickets.byQueue().scanByQueue(queue)));
        for (String one : got.isEmpty() ? new String[0] : got.split(" ")) {
          assertTrue(
              (" " + want + " ").contains(" " + one + " "),
              "global index after write " + i + " returned " + one + ", which is not in " + queue);
        }
        if (random.nextInt(4) == 0) {
          clock.advance(LAG);
          assertEquals(
              want,
              sorted(ids(tickets.byQueue().scanByQueue(queue))),
              "global index after the lag, write " + i);
        }
      }
    }
  }
}
