package dev.widekey.runtime.repository;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.runtime.repository.TimeShardedChunksTest.Page;
import dev.widekey.runtime.repository.TimeShardedChunksTest.PageShardedRepository;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Retention removes a fence row once no writer can need it: the fence has stood for the keep time
 * (7 days by default) by the repository's clock, its period lies before the oldest one a writer
 * whose clock runs that long behind would still keep, and the period's tables are gone. Younger
 * fences, and fences of more recent periods, stay and keep refusing writes.
 */
class TimeShardedFenceRemovalTest {
  static final Instant T0 = Instant.parse("2026-06-03T00:00:00Z");

  private final EmbeddedStore store = EmbeddedStore.inMemory();
  private final PageShardedRepository pages = new PageShardedRepository(store);

  @AfterEach
  void close() {
    store.close();
  }

  private List<String> fences() {
    try (Stream<Row> rows = store.scan(TimeShardedRepository.FENCE_TABLE, ScanRange.all(1))) {
      return rows.map(r -> r.key().get(0).asString()).toList();
    }
  }

  private static Page page(long id, String month) {
    return new Page(id, Instant.parse("2026-" + month + "-10T00:00:00Z"), "body " + id, null);
  }

  @Test
  void oldFencesOfDroppedPeriodsGoYoungAndRecentOnesStay() {
    pages.withClock(Clock.fixed(T0, ZoneOffset.UTC));
    for (String month : List.of("01", "02", "03", "04")) {
      pages.put(page(Long.parseLong(month), month));
    }
    // retained 3 months: at 3 May, March is the oldest kept; at 3 June, April
    pages.enforceRetention(Instant.parse("2026-05-03T00:00:00Z"));
    pages.enforceRetention(T0);
    assertEquals(List.of("pages_2026_01", "pages_2026_02", "pages_2026_03"), fences());
    assertThrows(PeriodFencedException.class, () -> pages.put(page(5, "02")));

    // 8 days later by the clock: the fences are old enough; of their periods, those before
    // March are past what a writer whose clock runs 7 days behind keeps (at 27 May: March on)
    pages.withClock(Clock.fixed(T0.plus(Duration.ofDays(8)), ZoneOffset.UTC));
    assertEquals(Instant.parse("2026-03-01T00:00:00Z"), pages.oldestFenceKept(T0));
    assertEquals(List.of(), pages.enforceRetention(T0));
    assertEquals(List.of("pages_2026_03"), fences());
    assertThrows(PeriodFencedException.class, () -> pages.put(page(6, "03")));

    // a month later by retention's now: April is fenced and dropped, March's fence removed
    assertEquals(
        List.of("pages_2026_04", "pages_cold_2026_04", "pages_chunks_2026_04"),
        pages.enforceRetention(Instant.parse("2026-07-03T00:00:00Z")));
    assertEquals(List.of("pages_2026_04"), fences());
  }

  @Test
  void aFenceYoungerThanTheKeepTimeStaysWhateverItsPeriod() {
    pages.withClock(Clock.fixed(T0, ZoneOffset.UTC));
    pages.put(page(1, "01"));
    pages.enforceRetention(T0);
    assertEquals(List.of("pages_2026_01"), fences());
    // a year on by retention's now, but the fence was set an hour ago by the clock
    pages.withClock(Clock.fixed(T0.plus(Duration.ofHours(1)), ZoneOffset.UTC));
    pages.enforceRetention(Instant.parse("2027-06-03T00:00:00Z"));
    assertEquals(List.of("pages_2026_01"), fences());
    // a longer keep time holds it longer
    pages.withFenceKeep(Duration.ofDays(30));
    pages.withClock(Clock.fixed(T0.plus(Duration.ofDays(8)), ZoneOffset.UTC));
    pages.enforceRetention(Instant.parse("2027-06-03T00:00:00Z"));
    assertEquals(List.of("pages_2026_01"), fences());
    pages.withClock(Clock.fixed(T0.plus(Duration.ofDays(31)), ZoneOffset.UTC));
    pages.enforceRetention(Instant.parse("2027-06-03T00:00:00Z"));
    assertEquals(List.of(), fences());

    assertThrows(IllegalArgumentException.class, () -> pages.withFenceKeep(Duration.ofMinutes(5)));
  }

  @Test
  void aWriteAfterTheFenceIsGoneIsNotLostButArchivedByTheNextRun() {
    pages.withClock(Clock.fixed(T0, ZoneOffset.UTC));
    pages.put(page(1, "01"));
    pages.enforceRetention(T0);
    pages.withClock(Clock.fixed(T0.plus(Duration.ofDays(8)), ZoneOffset.UTC));
    pages.enforceRetention(T0);
    assertEquals(List.of(), fences());

    // a backfill over January (this repository's) creates its tables again and writes
    Page late = page(2, "01");
    pages.put(late);
    List<Page> archived = new ArrayList<>();
    assertEquals(
        List.of("pages_2026_01", "pages_cold_2026_01", "pages_chunks_2026_01"),
        pages.enforceRetention(
            T0,
            period -> {
              try (Stream<Page> rows = period.scan()) {
                rows.forEach(archived::add);
              }
            }));
    assertEquals(List.of(late), archived);
    assertEquals(List.of("pages_2026_01"), fences(), "fenced again, for the keep time");
  }

  @Test
  void fencesOfOtherEntitiesAndUnreadableFencesStay() {
    pages.withClock(Clock.fixed(T0, ZoneOffset.UTC));
    pages.put(page(1, "01"));
    pages.enforceRetention(T0);
    // another entity's fence (a name that is no period of pages) and one without a time
    store.put(
        TimeShardedRepository.FENCE_TABLE,
        Row.of(
            PrimaryKey.of(PkValue.ofString("pages_eu_2026_01")),
            Map.of("fenced_at", AttrValue.ofInteger(0))));
    store.put(
        TimeShardedRepository.FENCE_TABLE,
        Row.of(
            PrimaryKey.of(PkValue.ofString("pages_2025_12")),
            Map.of("fenced_at", AttrValue.ofString("long ago"))));
    pages.withClock(Clock.fixed(T0.plus(Duration.ofDays(8)), ZoneOffset.UTC));
    pages.enforceRetention(T0);
    assertEquals(List.of("pages_2025_12", "pages_eu_2026_01"), fences());
    assertTrue(store.describeTable(TimeShardedRepository.FENCE_TABLE).isPresent());
  }
}
