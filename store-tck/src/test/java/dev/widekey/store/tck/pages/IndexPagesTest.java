package dev.widekey.store.tck.pages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.widekey.runtime.query.Bounds;
import dev.widekey.runtime.query.InvalidContinuationException;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import dev.widekey.runtime.store.fault.Seeds;
import dev.widekey.store.tck.entities.RankedTicket;
import dev.widekey.store.tck.entities.RankedTicketRepository;
import jakarta.data.page.CursoredPage;
import jakarta.data.page.PageRequest;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Property tests of reads through an index: random rows, rewritten (some moving their indexed
 * values) and deleted at random, then random bounds (open, exclusive, empty), page sizes and token
 * chains: every index scan, page chain, count and existence check equals the stored rows whose
 * indexed values satisfy the query, in index order (queue, rank, then the row's key).
 */
class IndexPagesTest {
  @RegisterExtension final Seeds seeds = new Seeds();

  private static final List<String> QUEUES = List.of("red", "green", "blue");

  private EmbeddedStore store;
  private RankedTicketRepository tickets;

  @BeforeEach
  void open() {
    store = EmbeddedStore.inMemory();
    tickets = new RankedTicketRepository(store).withContinuationKey(BoundsAndPagesTest.KEY);
    tickets.createTables();
  }

  @AfterEach
  void close() {
    store.close();
  }

  private static final Comparator<RankedTicket> INDEX_ORDER =
      Comparator.comparing(RankedTicket::rank).thenComparing(RankedTicket::id);

  @Test
  void indexReadsEqualTheFilteredRowsInIndexOrder() {
    Random r = new Random(seeds.seed());
    Map<String, RankedTicket> rows = new TreeMap<>();
    for (int i = 0; i < 400; i++) {
      String id = "t" + r.nextInt(120);
      if (r.nextInt(8) == 0) {
        tickets.delete(id);
        rows.remove(id);
        continue;
      }
      RankedTicket t = new RankedTicket(id, QUEUES.get(r.nextInt(3)), r.nextInt(20) - 5, i);
      tickets.put(t);
      rows.put(id, t);
    }
    for (int round = 0; round < 40; round++) {
      String queue = QUEUES.get(r.nextInt(3));
      Bounds<Long> rank =
          BoundsAndPagesTest.bounds(
              r, () -> BoundsAndPagesTest.longValue(r, -6, 16, Long.MIN_VALUE, Long.MAX_VALUE));
      List<RankedTicket> expected =
          rows.values().stream()
              .filter(
                  t ->
                      t.queue().equals(queue)
                          && BoundsAndPagesTest.within(rank, t.rank(), Long::compare))
              .sorted(INDEX_ORDER)
              .toList();
      RankedTicketRepository.ByQueueRankIndex view = tickets.byQueueRank();
      BoundsAndPagesTest.check(
          expected,
          d ->
              d
                  ? view.scanByQueueAndRankWithinDescending(queue, rank)
                  : view.scanByQueueAndRankWithin(queue, rank),
          (d, p) ->
              d
                  ? view.pageByQueueAndRankWithinDescending(queue, rank, p)
                  : view.pageByQueueAndRankWithin(queue, rank, p),
          view.countByQueueAndRankWithin(queue, rank),
          view.existsByQueueAndRankWithin(queue, rank),
          r,
          queue + " rank " + rank);
      List<RankedTicket> inQueue =
          rows.values().stream().filter(t -> t.queue().equals(queue)).sorted(INDEX_ORDER).toList();
      BoundsAndPagesTest.check(
          inQueue,
          d -> d ? view.scanByQueueDescending(queue) : view.scanByQueue(queue),
          (d, p) -> d ? view.pageByQueueDescending(queue, p) : view.pageByQueue(queue, p),
          view.countByQueue(queue),
          view.existsByQueue(queue),
          r,
          "queue " + queue);
    }
  }

  @Test
  void anIndexPageTokenIsBoundToItsQueryAndParameters() {
    for (int i = 0; i < 6; i++) {
      tickets.put(new RankedTicket("t" + i, "red", i, i));
    }
    RankedTicketRepository.ByQueueRankIndex view = tickets.byQueueRank();
    CursoredPage<RankedTicket> first = view.pageByQueue("red", PageRequest.ofSize(2));
    PageRequest next = first.nextPageRequest();
    assertEquals(2, view.pageByQueue("red", next).numberOfElements());
    InvalidContinuationException otherValue =
        assertThrows(InvalidContinuationException.class, () -> view.pageByQueue("blue", next));
    assertEquals(InvalidContinuationException.Reason.OTHER_QUERY, otherValue.reason());
    assertThrows(InvalidContinuationException.class, () -> view.pageByQueueDescending("red", next));
    assertThrows(InvalidContinuationException.class, () -> tickets.pageAll(next));
  }
}
