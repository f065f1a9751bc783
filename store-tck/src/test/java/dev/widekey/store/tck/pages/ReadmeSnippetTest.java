package dev.widekey.store.tck.pages;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.widekey.runtime.query.Bounds;
import dev.widekey.runtime.query.ContinuationKey;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import dev.widekey.store.tck.entities.BoundedEvent;
import dev.widekey.store.tck.entities.BoundedEventRepository;
import jakarta.data.page.CursoredPage;
import jakarta.data.page.PageRequest;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The README's "Bounds, pages and continuation tokens" snippet, compiled and run. */
class ReadmeSnippetTest {
  @Test
  void readmeSnippet() {
    byte[] secret = "0123456789abcdef0123456789abcdef".getBytes();
    try (EmbeddedStore store = EmbeddedStore.inMemory()) {
      BoundedEventRepository events =
          new BoundedEventRepository(store).withContinuationKey(ContinuationKey.of(secret));
      events.createTables();
      for (int i = 0; i < 30; i++) {
        events.put(new BoundedEvent("a", i, Instant.EPOCH, "x", i));
      }
      // the README's lines
      List<BoundedEvent> some =
          events.scanByStreamAndSeqWithin("a", Bounds.greaterThan(5L).andAtMost(20L)).toList();
      CursoredPage<BoundedEvent> page =
          events.pageByStreamAndSeqWithin("a", Bounds.atLeast(5L), PageRequest.ofSize(20));
      String token = (String) page.nextPageRequest().cursor().orElseThrow().get(0);
      CursoredPage<BoundedEvent> next =
          events.pageByStreamAndSeqWithin(
              "a",
              Bounds.atLeast(5L),
              PageRequest.afterCursor(PageRequest.Cursor.forKey(token), 2, 20, false));
      long count = events.countByStreamAndSeqWithin("a", Bounds.atLeast(1000L));

      assertEquals(15, some.size());
      assertEquals(20, page.numberOfElements());
      assertEquals(5, next.numberOfElements());
      assertEquals(0, count);
      assertEquals(30, events.countByStreamAndSeqWithin("a", Bounds.lessThan(1000L)));
    }
  }
}
