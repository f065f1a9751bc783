package dev.widekey.micrometer;

import static org.junit.jupiter.api.Assertions.assertThrows;

import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

/** A bulk writer's meter prefix is checked as a store's is, not turned into "null.bulk.read". */
class BulkPrefixTest {
  @Test
  void aBlankPrefixIsRefused() {
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    assertThrows(
        IllegalArgumentException.class,
        () -> MeteredBulkWriter.progress(registry, null, Tags.empty()));
    assertThrows(
        IllegalArgumentException.class,
        () -> MeteredBulkWriter.progress(registry, " ", Tags.empty()));
  }
}
