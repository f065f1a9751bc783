package dev.widekey.store.tck.pages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.runtime.query.Bounds;
import dev.widekey.runtime.query.ContinuationKey;
import dev.widekey.runtime.query.InvalidContinuationException;
import dev.widekey.runtime.query.InvalidContinuationException.Reason;
import dev.widekey.runtime.query.UnsupportedPageRequestException;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.ForwardingStore;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import dev.widekey.store.tck.entities.BoundedEvent;
import dev.widekey.store.tck.entities.BoundedEventRepository;
import dev.widekey.store.tck.entities.BucketedName;
import dev.widekey.store.tck.entities.BucketedNameRepository;
import jakarta.data.page.CursoredPage;
import jakarta.data.page.PageRequest;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Continuation tokens are tamper-evident: a token with any bit flipped, cut short, handed out by
 * another query, another entity or under another key is WK309 with its reason, and nothing is read
 * (the store counts reads). A genuine token that went through a browser is accepted.
 */
class ContinuationTokenTest {
  private EmbeddedStore embedded;
  private Counting store;
  private BoundedEventRepository events;

  /** Counts the reads that reach the store. */
  static final class Counting extends ForwardingStore {
    final AtomicLong reads = new AtomicLong();

    Counting(WideTableStore delegate) {
      super(delegate);
    }

    @Override
    public Stream<Row> scan(String table, ScanRange range) {
      reads.incrementAndGet();
      return super.scan(table, range);
    }

    @Override
    public Optional<Row> get(String table, PrimaryKey key, ColumnSelection columns) {
      reads.incrementAndGet();
      return super.get(table, key, columns);
    }

    @Override
    public List<Optional<Row>> multiGet(
        String table, List<PrimaryKey> keys, ColumnSelection columns) {
      reads.incrementAndGet();
      return super.multiGet(table, keys, columns);
    }
  }

  @BeforeEach
  void open() {
    embedded = EmbeddedStore.inMemory();
    store = new Counting(embedded);
    events = new BoundedEventRepository(store).withContinuationKey(BoundsAndPagesTest.KEY);
    events.createTables();
    for (int i = 0; i < 10; i++) {
      events.put(new BoundedEvent("a", i, Instant.ofEpochMilli(i), "x", i));
      events.put(new BoundedEvent("b", i, Instant.ofEpochMilli(i), "y", i));
    }
  }

  @AfterEach
  void close() {
    embedded.close();
  }

  private String tokenOf(CursoredPage<?> page) {
    return (String) page.nextPageRequest().cursor().orElseThrow().get(0);
  }

  private static PageRequest after(String token) {
    return PageRequest.afterCursor(PageRequest.Cursor.forKey(token), 2, 3, false);
  }

  /** The call is WK309 with {@code reason} (null: any) and reads nothing. */
  private InvalidContinuationException refused(
      Reason reason, Function<PageRequest, CursoredPage<?>> call, String token) {
    long before = store.reads.get();
    InvalidContinuationException e =
        assertThrows(InvalidContinuationException.class, () -> call.apply(after(token)), token);
    assertEquals("WK309", e.rule());
    if (reason != null) {
      assertEquals(reason, e.reason(), e.getMessage());
    }
    assertEquals(before, store.reads.get(), "nothing is read for a refused token");
    return e;
  }

  @Test
  void aGenuineTokenFromABrowserContinues() {
    CursoredPage<BoundedEvent> first = events.pageByStream("a", PageRequest.ofSize(3));
    String token = tokenOf(first);
    assertTrue(token.matches("[A-Za-z0-9_-]+"), "URL-safe: " + token);
    assertEquals(List.of(token), first.cursor(2).elements(), "one string per cursor");
    CursoredPage<BoundedEvent> second = events.pageByStream("a", after(token));
    assertEquals(3, second.content().get(0).seq());
  }

  @Test
  void everyFlippedBitIsRefused() {
    String token = tokenOf(events.pageByStream("a", PageRequest.ofSize(3)));
    byte[] bytes = Base64.getUrlDecoder().decode(token);
    for (int i = 0; i < bytes.length; i++) {
      for (int bit = 0; bit < 8; bit++) {
        byte[] flipped = bytes.clone();
        flipped[i] ^= (byte) (1 << bit);
        String forged = Base64.getUrlEncoder().withoutPadding().encodeToString(flipped);
        refused(
            i == 0 ? Reason.UNKNOWN_VERSION : Reason.BAD_SIGNATURE,
            r -> events.pageByStream("a", r),
            forged);
      }
    }
    // every character of the text replaced, including the last one's unused low bits
    String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    for (int i = 0; i < token.length(); i++) {
      for (char c :
          new char[] {
            alphabet.charAt((alphabet.indexOf(token.charAt(i)) + 1) % 64), '+', '=', '.'
          }) {
        String forged = token.substring(0, i) + c + token.substring(i + 1);
        refused(null, r -> events.pageByStream("a", r), forged);
      }
    }
  }

  @Test
  void truncatedTokensAreRefused() {
    String token = tokenOf(events.pageByStream("a", PageRequest.ofSize(3)));
    for (int n = 0; n < token.length(); n++) {
      refused(null, r -> events.pageByStream("a", r), token.substring(0, n));
    }
    refused(Reason.MALFORMED, r -> events.pageByStream("a", r), "not a token!");
  }

  @Test
  void anotherQuerysTokenIsRefused() {
    String token = tokenOf(events.pageByStream("a", PageRequest.ofSize(3)));
    // the same query with another parameter
    refused(Reason.OTHER_QUERY, r -> events.pageByStream("b", r), token);
    // the same rows in the other direction
    refused(Reason.OTHER_QUERY, r -> events.pageByStreamDescending("a", r), token);
    // another query over the same rows
    refused(Reason.OTHER_QUERY, r -> events.pageByStreamAndSeqWithin("a", Bounds.all(), r), token);
    // the same query with other bounds: its rows may end elsewhere
    String bounded =
        tokenOf(events.pageByStreamAndSeqWithin("a", Bounds.atLeast(2L), PageRequest.ofSize(2)));
    refused(
        Reason.OTHER_QUERY,
        r -> events.pageByStreamAndSeqWithin("a", Bounds.atLeast(1L), r),
        bounded);
    // a query of a runtime caller, with its own id
    refused(
        Reason.OTHER_QUERY,
        r ->
            events.page(
                "byIndex", dev.widekey.store.tck.entities.BoundedEventKeys.rangeByStream("a"), r),
        token);
  }

  @Test
  void anotherEntitysTokenIsRefused() {
    BucketedNameRepository names =
        new BucketedNameRepository(store).withContinuationKey(BoundsAndPagesTest.KEY);
    names.createTables();
    for (String n : List.of("a", "b", "c", "d")) {
      names.put(new BucketedName(n, "p", 1));
    }
    String token = tokenOf(names.pageByNameWithin(Bounds.all(), PageRequest.ofSize(2)));
    refused(Reason.OTHER_TABLE, r -> events.pageByStream("a", r), token);
  }

  @Test
  void aTokenSignedWithAnotherKeyIsRefused() {
    BoundedEventRepository other =
        new BoundedEventRepository(store)
            .withContinuationKey(ContinuationKey.of("another key of thirty-two bytes!".getBytes()));
    String token = tokenOf(other.pageByStream("a", PageRequest.ofSize(3)));
    refused(Reason.BAD_SIGNATURE, r -> events.pageByStream("a", r), token);
  }

  @Test
  void cursorsOfOtherShapesAreRefused() {
    long before = store.reads.get();
    InvalidContinuationException e =
        assertThrows(
            InvalidContinuationException.class,
            () ->
                events.pageByStream(
                    "a", PageRequest.afterCursor(PageRequest.Cursor.forKey(1, "x"), 2, 3, false)));
    assertEquals(Reason.MALFORMED, e.reason());
    assertEquals(before, store.reads.get());
  }

  @Test
  void offsetPagesBeyondTheFirstAndPreviousPagesAreRefused() {
    long before = store.reads.get();
    UnsupportedPageRequestException offset =
        assertThrows(
            UnsupportedPageRequestException.class,
            () -> events.pageByStream("a", PageRequest.ofPage(2).size(3)));
    assertTrue(offset.getMessage().contains("scan from the start"), offset.getMessage());
    String token = tokenOf(events.pageByStream("a", PageRequest.ofSize(3)));
    long afterFirst = store.reads.get();
    assertThrows(
        UnsupportedPageRequestException.class,
        () ->
            events.pageByStream(
                "a", PageRequest.beforeCursor(PageRequest.Cursor.forKey(token), 1, 3, false)));
    assertEquals(afterFirst, store.reads.get());
    assertTrue(afterFirst > before);
    // page 1 by offset is the first page
    assertEquals(3, events.pageByStream("a", PageRequest.ofPage(1).size(3)).numberOfElements());
  }

  @Test
  void aPageNeedsAKeyOfThirtyTwoBytes() {
    BoundedEventRepository keyless = new BoundedEventRepository(store);
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class, () -> keyless.pageByStream("a", PageRequest.ofSize(2)));
    assertTrue(e.getMessage().contains("withContinuationKey"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> ContinuationKey.of(new byte[31]));
  }
}
