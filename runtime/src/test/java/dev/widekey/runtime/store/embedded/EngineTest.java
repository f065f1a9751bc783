package dev.widekey.runtime.store.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EngineTest {
  private static final String FILE = "engine-test.mv";

  /**
   * Random keys rewritten over many commits leave a file of nearly full dead copies of the map; a
   * close frees them all, also those of the last versions (MVStore keeps five for readers, and a
   * close used to leave their chunks in the file: 5.9x the data in one close of three).
   */
  @Test
  void aCloseAfterManyCommitsOfRandomKeysLeavesAtMostThreeTimesTheData(@TempDir Path dir)
      throws IOException {
    int keys = 20_000;
    long seed = new Random().nextLong();
    Random random = new Random(seed);
    MVStore mv = Engine.open(dir, FILE);
    MVMap<String, byte[]> rows = mv.openMap("rows");
    for (int commit = 0; commit < 12; commit++) {
      for (int i = 0; i < keys / 4; i++) {
        byte[] value = new byte[60];
        random.nextBytes(value);
        rows.put(String.format("%04x%08d", random.nextInt(0x10000), random.nextInt(keys)), value);
      }
      mv.commit();
    }
    long logical = 0;
    for (var e : rows.entrySet()) {
      logical += e.getKey().length() + e.getValue().length;
    }
    int stored = rows.size();
    Engine.close(mv);

    long file = Files.size(dir.resolve(FILE));
    assertTrue(
        file <= 3 * logical,
        "seed " + seed + ": " + file + " bytes after close for " + logical + " bytes of data");
    MVStore reopened = Engine.open(dir, FILE);
    try {
      assertEquals(stored, reopened.<String, byte[]>openMap("rows").size(), "seed " + seed);
    } finally {
      Engine.close(reopened);
    }
  }
}
