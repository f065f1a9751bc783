package dev.widekey.store.tck.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.widekey.runtime.store.embedded.EmbeddedStore;
import dev.widekey.runtime.value.Compression;
import dev.widekey.store.tck.entities.ColdItem;
import dev.widekey.store.tck.entities.ColdItemRepository;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

/**
 * A compressed text exactly at its inflated cap (32 MiB) reads back in a 256 MB heap (the store
 * TCK's small-heap execution), whether or not it holds a real U+FFFD: the strict UTF-8 check runs
 * on the bytes, so the text is decoded once and held once (before, a U+FFFD made the decoder run a
 * second time and a read took about 503 MB).
 */
@SmallHeap
class LargeTextSmallHeapTest {
  private static final int CAP = (int) Compression.DEFAULT_MAX_INFLATED_BYTES;

  @Test
  void aTextAtItsCapReadsBackInASmallHeap() {
    // -Dtest=... runs it in the default execution too, whose heap proves nothing
    assumeTrue(
        Runtime.getRuntime().maxMemory() <= 300L << 20,
        "runs in the small-heap execution, not in "
            + (Runtime.getRuntime().maxMemory() >> 20)
            + " MB");
    for (String last : new String[] {"\uFFFD", "abc"}) { // U+FFFD is 3 bytes of UTF-8, as "abc"
      try (EmbeddedStore store = EmbeddedStore.inMemory()) {
        ColdItemRepository items = new ColdItemRepository(store);
        items.createTables();
        String description = "a".repeat(CAP - 3) + last;
        items.put(new ColdItem(1, 1, BigDecimal.ONE, description));
        description = null; // only what the read allocates from here on
        String read = items.getWithCold(1).orElseThrow().description();
        assertEquals(CAP - 3 + last.length(), read.length());
        assertTrue(read.endsWith(last));
      }
    }
  }
}
