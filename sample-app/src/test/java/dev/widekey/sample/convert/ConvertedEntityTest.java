package dev.widekey.sample.convert;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The generated repository of {@link UserVisit} on the embedded store: a converted field, a
 * transient field and snake_case columns written and read back, the stored row checked through the
 * raw store, and a time key with nanoseconds truncated to milliseconds.
 */
class ConvertedEntityTest {
  private final WideTableStore store = EmbeddedStore.inMemory();
  private final UserVisitRepository visits = new UserVisitRepository(store);

  @AfterEach
  void close() throws Exception {
    store.close();
  }

  @Test
  void writesAndReadsConvertedTransientAndSnakeCaseColumns() {
    visits.createTables();
    Instant now = Instant.parse("2026-11-26T08:00:00.123456789Z");
    visits.put(new UserVisit("u1", now, "Home", new Tags(List.of("news", "top")), "<p>"));

    Row row =
        store
            .get(
                UserVisitTable.NAME,
                UserVisitKeys.primaryKey("u1", now.truncatedTo(ChronoUnit.MILLIS)),
                ColumnSelection.all())
            .orElseThrow();
    assertEquals(AttrValue.ofString("Home"), row.columns().get("page_title"));
    assertEquals(AttrValue.ofString("news,top"), row.columns().get("page_tags"));
    assertFalse(row.columns().containsKey("pageTitle"), row.columns().toString());
    assertFalse(row.columns().containsKey("rendered_html"), row.columns().toString());
    assertEquals(PkValue.ofInteger(now.toEpochMilli()), row.key().values().get(1));

    UserVisit read = visits.get("u1", now).orElseThrow();
    assertEquals(Instant.parse("2026-11-26T08:00:00.123Z"), read.visitedAt());
    assertEquals("Home", read.pageTitle());
    assertEquals(new Tags(List.of("news", "top")), read.pageTags());
    assertNull(read.renderedHtml());
  }

  @Test
  void aNullConvertedFieldIsAnAbsentColumn() {
    visits.createTables();
    Instant at = Instant.parse("2026-11-26T08:00:00Z");
    visits.put(new UserVisit("u2", at, "Away", null, null));

    Row row =
        store
            .get(UserVisitTable.NAME, UserVisitKeys.primaryKey("u2", at), ColumnSelection.all())
            .orElseThrow();
    assertFalse(row.columns().containsKey("page_tags"));
    assertNull(visits.get("u2", at).orElseThrow().pageTags());
    assertTrue(visits.get("u2", at.plusNanos(999_999)).isPresent(), "the same millisecond");
  }
}
