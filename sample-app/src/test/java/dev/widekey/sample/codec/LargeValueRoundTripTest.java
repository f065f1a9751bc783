package dev.widekey.sample.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.runtime.repository.ChunkRows;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import dev.widekey.runtime.write.BulkWriteResult;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Values over the 2 MB attribute limit through a generated repository: chunked on write, restored
 * exactly on read, each row within the 4 MB one put carries on Tablestore (the entity's profile),
 * and a row over it refused before anything is written, on the embedded store as on Tablestore.
 */
class LargeValueRoundTripTest {

  @Test
  void valuesOverTwoMegabytesRoundTripThroughHotAndColdTables() {
    Random random = new Random(5);
    StringBuilder text = new StringBuilder();
    while (text.length() < 2_000_000) {
      text.append((char) ('a' + random.nextInt(26)))
          .append('\u00E9')
          .appendCodePoint(0x1F600); // 1, 2 and 4 bytes
    }
    String body = text.toString(); // 3.5 MB of UTF-8: 7 bytes for every 4 chars
    byte[] scan = new byte[3 * 1024 * 1024];
    random.nextBytes(scan);
    try (EmbeddedStore store = EmbeddedStore.inMemory()) {
      DocumentRepository docs = new DocumentRepository(store);
      docs.createTables();
      docs.put(new Document("d1", body, scan, "big"));

      Document hot = docs.get("d1").orElseThrow();
      assertEquals(body, hot.body());
      assertNull(hot.scan());
      Document full = docs.getWithCold("d1").orElseThrow();
      assertArrayEquals(scan, full.scan());

      // stored in chunk rows, each value within the attribute limit; the hot row names them
      Row stored =
          store
              .get(DocumentTable.NAME, DocumentKeys.primaryKey("d1"), ColumnSelection.all())
              .orElseThrow();
      assertTrue(
          stored.get(ChunkRows.referenceColumn("body")) != null && stored.get("body") == null,
          stored.columns().keySet().toString());
      assertEquals(4, chunkRows(store)); // 3.5 MB of body and 3 MB of scan, 2 MB a row
      try (Stream<Row> rows = store.scan(DocumentTable.CHUNKS_NAME, ScanRange.all(3))) {
        rows.forEach(
            r ->
                r.columns()
                    .values()
                    .forEach(
                        v -> assertTrue(v.sizeInBytes() <= store.limits().maxAttributeBytes())));
      }

      // a bulk put writes the oversized row on its own, and small ones in batches
      BulkWriteResult result =
          docs.putAll(
              List.of(
                  new Document("d2", body, null, "big"), new Document("d3", "small", null, "s")));
      assertTrue(result.allAcknowledged());
      assertEquals(body, docs.get("d2").orElseThrow().body());
      assertEquals("small", docs.get("d3").orElseThrow().body());

      // one put of a Tablestore row carries 4 MB, but a 5 MB scan is three chunk rows
      byte[] large = new byte[5 * 1024 * 1024];
      random.nextBytes(large);
      docs.put(new Document("d4", "new", large, "new"));
      assertArrayEquals(large, docs.getWithCold("d4").orElseThrow().scan());
      docs.delete("d4");
      docs.delete("d2");

      // rewriting with a small value leaves no chunk of the old one behind
      docs.put(new Document("d1", "short", null, "small now"));
      Row rewritten =
          store
              .get(DocumentTable.NAME, DocumentKeys.primaryKey("d1"), ColumnSelection.all())
              .orElseThrow();
      assertTrue(
          rewritten.columns().keySet().stream().noneMatch(c -> c.startsWith("wk_body")),
          rewritten.toString());
      assertEquals("short", docs.getWithCold("d1").orElseThrow().body());
      assertEquals(0, chunkRows(store));
    }
  }

  private static long chunkRows(EmbeddedStore store) {
    try (Stream<Row> rows = store.scan(DocumentTable.CHUNKS_NAME, ScanRange.all(3))) {
      return rows.count();
    }
  }
}
