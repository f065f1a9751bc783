package dev.widekey.spring;

import static org.assertj.core.api.Assertions.assertThat;

import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.spring.app.Customer;
import dev.widekey.spring.app.CustomerRepository;
import dev.widekey.spring.app.ReadingShardedRepository;
import dev.widekey.spring.app.TestApplication;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.SpringBootTest;

/** The starter in a whole Spring Boot application: repositories injected, health, metadata. */
@SpringBootTest(classes = TestApplication.class)
class SpringBootApplicationTest {
  @Autowired WideTableStore store;
  @Autowired CustomerRepository customers;
  @Autowired ReadingShardedRepository readings;
  @Autowired WideTableStoreHealthIndicator health;

  @Test
  void injectedRepositoriesWriteAndRead() {
    customers.createTables();
    customers.put(new Customer("c42", "Grace"));

    assertThat(customers.get("c42")).contains(new Customer("c42", "Grace"));
    assertThat(customers.store()).isSameAs(store);
    assertThat(readings.store()).isSameAs(store);
  }

  @Test
  void healthIsUp() {
    assertThat(health.health().getStatus()).isEqualTo(Status.UP);
  }

  @Test
  void configurationMetadataListsTheKeys() throws IOException {
    String json;
    try (InputStream in =
        getClass()
            .getClassLoader()
            .getResourceAsStream("META-INF/spring-configuration-metadata.json")) {
      assertThat(in).isNotNull();
      json = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    for (String key :
        new String[] {
          "widekey.store",
          "widekey.embedded.dir",
          "widekey.hbase.zookeeper.quorum",
          "widekey.hbase.zookeeper.port",
          "widekey.hbase.znode.parent",
          "widekey.hbase.namespace",
          "widekey.hbase.username",
          "widekey.hbase.password",
          "widekey.hbase.write.order",
          "widekey.hbase.conf",
          "widekey.tablestore.endpoint",
          "widekey.tablestore.instance",
          "widekey.tablestore.access-key-id",
          "widekey.tablestore.access-key-secret",
          "widekey.tablestore.ready-timeout-seconds",
          "widekey.repositories.enabled"
        }) {
      assertThat(json).contains("\"name\": \"" + key + "\"");
    }
  }
}
