package dev.widekey.runtime.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.annotations.Profile;
import dev.widekey.core.store.PkType;
import dev.widekey.core.store.StoreLimits;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PartitionLoadReportTest {
  private static final TableSpec SPEC =
      new TableSpec(
          "t",
          List.of(new PkColumn("pk", PkType.STRING), new PkColumn("n", PkType.INTEGER)),
          List.of(PkValue.ofString("4"), PkValue.ofString("8"), PkValue.ofString("c")));

  @Test
  void sequentialKeysShowAsOneHotPartitionAndTheLargestKeyIsNamed() {
    try (EmbeddedStore store = EmbeddedStore.inMemory()) {
      store.createTable(SPEC);
      // every row in the last partition: the tail hotspot of a sequential key
      for (int i = 0; i < 100; i++) {
        put(store, "f" + (i % 5), i, "x".repeat(i % 5 == 0 ? 50 : 1));
      }
      put(store, "1", 0, "x");
      PartitionLoadReport report = PartitionLoadReport.of(store, "t", 2);
      assertEquals(101, report.totalWrites());
      assertEquals(100 / (101 / 4.0), report.writeSkew(), 1e-9);
      assertEquals(List.of(3), report.hotPartitions(2.0).stream().map(p -> p.index()).toList());
      assertEquals(PkValue.ofString("f0"), report.largestKeys().get(0).partitionKey());
      assertEquals(20, report.largestKeys().get(0).rows());
      assertEquals(2, report.largestKeys().size());
      assertTrue(report.summary().contains("WK301 hotspot: partition 3"), report.summary());
      assertTrue(report.summary().contains("keeps each under 10 GB"), report.summary());
    }
  }

  @Test
  void theGuidelineIsTheProfilesAndConfigurableAndEveryMessageQuotesIt() {
    for (Profile profile : Profile.values()) {
      assertEquals(10L << 30, StoreLimits.partitionKeyBytesGuideline(profile), profile.name());
    }
    assertEquals(1L << 30, StoreLimits.PARTITION_KEY_BYTES_GUIDELINE_CHINESE_EDITION);
    try (EmbeddedStore store = EmbeddedStore.inMemory()) {
      store.createTable(SPEC.withProfile(Profile.LINDORM));
      put(store, "a", 1, "x".repeat(100));
      put(store, "a", 2, "x".repeat(100));
      put(store, "b", 1, "x");

      PartitionLoadReport byProfile = PartitionLoadReport.of(store, "t", 2);
      assertEquals(StoreLimits.PARTITION_KEY_BYTES_GUIDELINE, byProfile.guidelineBytes());
      assertEquals("10 GB", byProfile.guidelineText());
      assertTrue(byProfile.oversizedKeys().isEmpty());
      assertFalse(byProfile.summary().contains("over the"), byProfile.summary());

      PartitionLoadReport chinese =
          PartitionLoadReport.of(
              store, "t", 2, StoreLimits.PARTITION_KEY_BYTES_GUIDELINE_CHINESE_EDITION);
      assertEquals("1 GB", chinese.guidelineText());
      assertTrue(chinese.summary().contains("keeps each under 1 GB"), chinese.summary());
      assertFalse(chinese.summary().contains("10 GB"), chinese.summary());

      PartitionLoadReport tiny = PartitionLoadReport.of(store, "t", 2, 100);
      assertEquals(
          List.of(PkValue.ofString("a")),
          tiny.oversizedKeys().stream().map(PartitionLoadReport.KeySize::partitionKey).toList());
      assertTrue(tiny.summary().contains("WK301: over the 100 bytes guideline"), tiny.summary());
      assertFalse(tiny.summary().contains("GB"), tiny.summary());
    }
    assertEquals("512 MB", StoreLimits.sizeText(512L << 20));
    assertEquals("1500 bytes", StoreLimits.sizeText(1500));
    assertThrows(
        IllegalArgumentException.class,
        () -> new PartitionLoadReport("t", List.of(), List.of(), 0));
  }

  @Test
  void aTableOfOnePartitionSaysWhyItIsEven() {
    try (EmbeddedStore store = EmbeddedStore.inMemory()) {
      store.createTable(new TableSpec("t", SPEC.primaryKey()));
      put(store, "a", 1, "x");
      String summary = PartitionLoadReport.of(store, "t", 0).summary();
      assertTrue(
          summary.contains("1 partition, 1 row writes, busiest/mean 1.00 (one partition"), summary);
    }
  }

  @Test
  void anEvenLoadHasNoHotPartition() {
    try (EmbeddedStore store = EmbeddedStore.inMemory()) {
      store.createTable(SPEC);
      String[] leads = {"0", "5", "9", "d"};
      for (int i = 0; i < 40; i++) {
        put(store, leads[i % 4], i, "x");
      }
      PartitionLoadReport report = PartitionLoadReport.of(store, "t", 0);
      assertEquals(1.0, report.writeSkew(), 1e-9);
      assertTrue(report.hotPartitions(2.0).isEmpty());
      assertTrue(report.largestKeys().isEmpty());
    }
  }

  private static void put(EmbeddedStore store, String pk, long n, String value) {
    store.put(
        "t",
        Row.of(
            PrimaryKey.of(PkValue.ofString(pk), PkValue.ofInteger(n)),
            Map.of("v", AttrValue.ofString(value))));
  }
}
