package dev.widekey.spring;

import static org.assertj.core.api.Assertions.assertThat;

import dev.widekey.runtime.store.ForwardingStore;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;

/**
 * A backend whose client library is incomplete at run time fails with a LinkageError: the health
 * indicator reports it DOWN rather than failing the health endpoint.
 */
class HealthNeverThrowsTest {
  @Test
  void aMissingClientClassIsDown() {
    try (EmbeddedStore embedded = EmbeddedStore.inMemory()) {
      ForwardingStore broken =
          new ForwardingStore(embedded) {
            @Override
            public List<String> listTables(String prefix) {
              throw new NoClassDefFoundError("org/apache/hadoop/hbase/client/Connection");
            }
          };
      try (WideTableStoreHealthIndicator indicator = new WideTableStoreHealthIndicator(broken)) {
        Health health = indicator.health();
        assertThat(health.getStatus()).isEqualTo(Status.DOWN);
        assertThat(String.valueOf(health.getDetails().get("error")))
            .contains("NoClassDefFoundError");
      }
    }
  }
}
