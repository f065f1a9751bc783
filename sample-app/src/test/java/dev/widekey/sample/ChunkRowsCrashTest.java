package dev.widekey.sample;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.runtime.store.embedded.EmbeddedStore;
import dev.widekey.sample.SplitTableCrashTest.Crash;
import dev.widekey.sample.SplitTableCrashTest.CrashingStore;
import dev.widekey.sample.codec.Document;
import dev.widekey.sample.codec.DocumentRepository;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The chunk-row role under a crash: an entity whose hot value and cold value are each over the 2 MB
 * attribute limit (stored as chunk rows of the hot and the cold side), written by every kind of
 * write; the process is killed at each row operation in turn (chunk puts, cold put, commit, deletes
 * of the replaced write's rows). After each crash every entity reads as exactly one of its
 * acknowledged or in-flight writes, whole, or as absent where a delete was in flight, never as a
 * mix or a hot row without its chunk rows; and the next write lands whole.
 */
class ChunkRowsCrashTest {
  private static final int MB = 1024 * 1024;

  private static String text(char c, int bytes) {
    return String.valueOf(c).repeat(bytes);
  }

  private static byte[] binary(int fill, int bytes) {
    byte[] b = new byte[bytes];
    Arrays.fill(b, (byte) fill);
    return b;
  }

  /** The writes of the scenario, in order; a delete is {@code null} in {@link #written}. */
  private static final List<Document> SCENARIO =
      List.of(
          new Document("d1", text('a', 5 * MB / 2), binary(1, 3 * MB), "first"),
          new Document("d2", text('b', 5 * MB / 2), binary(2, 3 * MB), "second"),
          new Document("d1", "small now", binary(3, 3 * MB), "third"),
          new Document("d2", text('c', 5 * MB / 2), null, "fourth"));

  @Test
  void aCrashAtAnyRowOperationOfEveryWriteKindKeepsChunkedEntitiesWhole() {
    int crashes = 0;
    for (int crashAt = 1; crashAt <= 40; crashAt++) {
      try (EmbeddedStore durable = EmbeddedStore.inMemory()) {
        CrashingStore crashing = new CrashingStore(durable, crashAt);
        DocumentRepository docs = new DocumentRepository(crashing);
        docs.createTables();
        crashing.arm();
        // per id, every state a reader may find after the crash: those written, the one in flight
        Map<String, List<Document>> possible = new HashMap<>();
        possible.put("d1", new ArrayList<>(List.of(absent("d1"))));
        possible.put("d2", new ArrayList<>(List.of(absent("d2"))));
        possible.put("d3", new ArrayList<>(List.of(absent("d3"))));
        try {
          for (Document d : SCENARIO) {
            written(possible, d);
            docs.put(d);
          }
          written(possible, absent("d1"));
          docs.delete("d1");
          Document inserted = new Document("d3", text('d', 5 * MB / 2), binary(4, 3 * MB), "five");
          written(possible, inserted);
          docs.insert(inserted);
          Document updated = new Document("d3", "small", binary(5, 5 * MB / 2), "six");
          written(possible, updated);
          docs.update(updated);
        } catch (Crash expected) {
          crashes++;
        }
        DocumentRepository afterRestart = new DocumentRepository(durable);
        for (String id : List.of("d1", "d2", "d3")) {
          Optional<Document> read = afterRestart.getWithCold(id);
          assertTrue(
              possible.get(id).stream().anyMatch(p -> sameAs(p, read)),
              "crash at row operation " + crashAt + ": " + id + " reads as " + describe(read));
          Document next = new Document(id, text('z', 5 * MB / 2), binary(9, 3 * MB), "after");
          afterRestart.put(next);
          assertTrue(sameAs(next, afterRestart.getWithCold(id)), "the next write lands whole");
        }
      }
    }
    assertTrue(crashes > 30, "the scenario crashed " + crashes + " times: too few row operations");
  }

  /** Adds a write's state to what a reader of its id may find (a delete: absent). */
  private static void written(Map<String, List<Document>> possible, Document d) {
    possible.get(d.id()).add(d);
  }

  /** A marker for "absent": a document with no title or values. */
  private static Document absent(String id) {
    return new Document(id, null, null, null);
  }

  private static boolean sameAs(Document expected, Optional<Document> read) {
    if (read.isEmpty()) {
      return expected.title() == null && expected.body() == null && expected.scan() == null;
    }
    Document d = read.get();
    return expected.id().equals(d.id())
        && Objects.equals(expected.title(), d.title())
        && Objects.equals(expected.body(), d.body())
        && Arrays.equals(expected.scan(), d.scan());
  }

  private static String describe(Optional<Document> read) {
    return read.map(
            d ->
                d.title()
                    + " (body "
                    + (d.body() == null ? 0 : d.body().length())
                    + " chars, scan "
                    + (d.scan() == null ? 0 : d.scan().length)
                    + " bytes)")
        .orElse("absent");
  }

  @Test
  void withoutACrashTheScenarioStoresChunkRows() {
    try (EmbeddedStore store = EmbeddedStore.inMemory()) {
      DocumentRepository docs = new DocumentRepository(store);
      docs.createTables();
      Document d = SCENARIO.get(0);
      docs.put(d);
      assertTrue(sameAs(d, docs.getWithCold("d1")));
      assertEquals(5 * MB / 2, docs.getWithCold("d1").orElseThrow().body().length());
      assertArrayEquals(d.scan(), docs.getWithCold("d1").orElseThrow().scan());
    }
  }
}
