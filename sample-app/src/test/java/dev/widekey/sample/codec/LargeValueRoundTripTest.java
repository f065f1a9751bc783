package dev.widekey.sample.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import dev.widekey.runtime.write.BulkWriteResult;
import java.util.List;
import java.util.Random;
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

      // stored as chunk columns each within the attribute limit
      Row stored =
          store
              .get(DocumentTable.NAME, DocumentKeys.primaryKey("d1"), ColumnSelection.all())
              .orElseThrow();
      assertTrue(
          stored.columns().keySet().stream().anyMatch(c -> c.startsWith("wk_body_")),
          stored.columns().keySet().toString());
      stored
          .columns()
          .values()
          .forEach(v -> assertTrue(v.sizeInBytes() <= store.limits().maxAttributeBytes()));

      // a bulk put writes the oversized row on its own, and small ones in batches
      BulkWriteResult result =
          docs.putAll(
              List.of(
                  new Document("d2", body, null, "big"), new Document("d3", "small", null, "s")));
      assertTrue(result.allAcknowledged());
      assertEquals(body, docs.get("d2").orElseThrow().body());
      assertEquals("small", docs.get("d3").orElseThrow().body());

      // one put of a Tablestore row carries 4 MB: a 5 MB scan is refused, and nothing is written
      byte[] tooLarge = new byte[5 * 1024 * 1024];
      StoreException e =
          assertThrows(
              StoreException.class, () -> docs.put(new Document("d1", "new", tooLarge, "new")));
      assertEquals(ErrorKind.LIMIT_EXCEEDED, e.kind());
      assertArrayEquals(scan, docs.getWithCold("d1").orElseThrow().scan());
      assertEquals(body, docs.get("d1").orElseThrow().body());

      // rewriting with a small value leaves no chunk of the old one behind
      docs.put(new Document("d1", "short", null, "small now"));
      Row rewritten =
          store
              .get(DocumentTable.NAME, DocumentKeys.primaryKey("d1"), ColumnSelection.all())
              .orElseThrow();
      assertTrue(
          rewritten.columns().keySet().stream().noneMatch(c -> c.startsWith("wk_body_")),
          rewritten.toString());
      assertEquals("short", docs.getWithCold("d1").orElseThrow().body());
    }
  }
}
