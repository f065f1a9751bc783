package dev.widekey.sample.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.runtime.store.PartitionStats;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Property tests of generated key codecs on random data: exact round trips, and the store's order
 * of encoded keys equals the order of the original tuples. The seed is fixed for repeatable builds
 * and printed in every failure; run with {@code -Dwidekey.seed=N} to explore.
 */
class GeneratedCodecPropertyTest {
  private static final long SEED = Long.getLong("widekey.seed", 20261122L);
  private static final Comparator<SignedReading> TUPLE_ORDER =
      Comparator.comparingInt(SignedReading::delta)
          .thenComparing(SignedReading::label)
          .thenComparingLong(SignedReading::big)
          .thenComparingLong(SignedReading::sequence);

  @Test
  void signedSplicedKeysRoundTripAndSortAsTheirTuples() {
    Random random = new Random(SEED);
    List<SignedReading> readings = new ArrayList<>();
    for (int i = 0; i < 5000; i++) {
      readings.add(randomReading(random));
    }
    for (SignedReading r : readings) {
      PrimaryKey key = SignedReadingKeys.primaryKey(r);
      assertEquals(
          new SignedReadingKeys.Key(r.delta(), r.label(), r.big(), r.sequence()),
          SignedReadingKeys.decode(key),
          "seed " + SEED + ": round trip of " + r);
    }
    List<SignedReading> byTuple = readings.stream().sorted(TUPLE_ORDER).toList();
    List<SignedReading> byKey =
        readings.stream().sorted(Comparator.comparing(SignedReadingKeys::primaryKey)).toList();
    for (int i = 1; i < byKey.size(); i++) {
      // equal tuples may come in either order; compare the tuples, not the instances
      assertEquals(
          0,
          TUPLE_ORDER.compare(byTuple.get(i), byKey.get(i)),
          "seed "
              + SEED
              + ": position "
              + i
              + " key order "
              + byKey.get(i)
              + " tuple order "
              + byTuple.get(i));
    }
  }

  @Test
  void theStoreReturnsSplicedRowsInTupleOrder() {
    Random random = new Random(SEED + 1);
    Map<PrimaryKey, SignedReading> distinct = new LinkedHashMap<>();
    while (distinct.size() < 2000) {
      SignedReading r = randomReading(random);
      distinct.put(SignedReadingKeys.primaryKey(r), r);
    }
    try (WideTableStore store = EmbeddedStore.inMemory()) {
      SignedReadingRepository repo = new SignedReadingRepository(store);
      repo.createTables();
      repo.putAll(distinct.values());
      List<SignedReading> scanned;
      try (Stream<SignedReading> rows = repo.scanAll()) {
        scanned = rows.toList();
      }
      assertEquals(
          distinct.values().stream().sorted(TUPLE_ORDER).toList(), scanned, "seed " + SEED);
    }
  }

  @Test
  void aPrefixScanReturnsExactlyItsRowsNeverALongerValue() {
    Random random = new Random(SEED + 2);
    try (WideTableStore store = EmbeddedStore.inMemory()) {
      SignedReadingRepository repo = new SignedReadingRepository(store);
      repo.createTables();
      List<SignedReading> all = new ArrayList<>();
      // deltas that are prefixes of each other as text: 5, 54, 540, -5, -54
      int[] deltas = {5, 54, 540, -5, -54, 0};
      String[] labels = {"", "a", "ab", "abc", "b", "z"};
      for (int i = 0; i < 400; i++) {
        all.add(
            new SignedReading(
                deltas[random.nextInt(deltas.length)],
                labels[random.nextInt(labels.length)],
                random.nextInt(3),
                i,
                "n" + i));
      }
      repo.putAll(all);
      for (int delta : deltas) {
        try (Stream<SignedReading> rows = repo.scanByDelta(delta)) {
          assertEquals(
              all.stream().filter(r -> r.delta() == delta).sorted(TUPLE_ORDER).toList(),
              rows.toList(),
              "seed " + SEED + ": delta " + delta);
        }
        for (String label : labels) {
          try (Stream<SignedReading> rows = repo.scanByDeltaAndLabel(delta, label)) {
            assertEquals(
                all.stream()
                    .filter(r -> r.delta() == delta && r.label().equals(label))
                    .sorted(TUPLE_ORDER)
                    .toList(),
                rows.toList(),
                "seed " + SEED + ": delta " + delta + " label '" + label + "'");
          }
        }
      }
    }
  }

  @Test
  void hashPrefixIsTheRealDigestOfTheHashedComponent() throws Exception {
    Random random = new Random(SEED + 3);
    for (int i = 0; i < 500; i++) {
      HashedEvent e = randomEvent(random);
      String stored = HashedEventKeys.primaryKey(e).get(0).asString();
      String tenantText = String.format("%010d", e.tenant());
      String digest =
          HexFormat.of()
              .formatHex(
                  MessageDigest.getInstance("SHA-256")
                      .digest(tenantText.getBytes(StandardCharsets.UTF_8)));
      assertEquals(digest.substring(0, 6) + tenantText + "," + e.stream(), stored, "seed " + SEED);
      assertEquals(
          new HashedEventKeys.Key(e.tenant(), e.stream(), e.at(), e.eventId(), e.kind()),
          HashedEventKeys.decode(HashedEventKeys.primaryKey(e)),
          "seed " + SEED);
    }
  }

  @Test
  void hashedEventsRoundTripThroughTheStoreAndScanByTheirHashedComponent() {
    Random random = new Random(SEED + 4);
    try (WideTableStore store = EmbeddedStore.inMemory()) {
      HashedEventRepository repo = new HashedEventRepository(store);
      repo.createTables();
      List<HashedEvent> events = new ArrayList<>();
      for (int i = 0; i < 1000; i++) {
        events.add(randomEvent(random));
      }
      repo.putAll(events);
      for (HashedEvent e : events) {
        assertEquals(
            e,
            repo.get(e.tenant(), e.stream(), e.at(), e.eventId(), e.kind()).orElseThrow(),
            "seed " + SEED);
      }
      Map<Long, List<HashedEvent>> byTenant =
          events.stream().collect(Collectors.groupingBy(HashedEvent::tenant));
      byTenant.forEach(
          (tenant, expected) -> {
            try (Stream<HashedEvent> rows = repo.scanByTenant(tenant)) {
              List<HashedEvent> got = rows.toList();
              assertEquals(expected.size(), got.size(), "seed " + SEED + ": tenant " + tenant);
              assertTrue(got.containsAll(expected), "seed " + SEED);
            }
          });
      // the prefix spreads tenants over the pre-split partitions
      long used =
          store.partitionStats(HashedEventTable.NAME).stream()
              .filter(p -> p.writeRows() > 0)
              .count();
      // the Tablestore profile's default: 10 pre-split partitions
      int partitions = HashedEventTable.SPLIT_POINTS.size() + 1;
      assertEquals(10, partitions);
      assertEquals(partitions, store.partitionStats(HashedEventTable.NAME).size());
      assertTrue(used >= partitions / 2, "seed " + SEED + ": " + used + " partitions used");
    }
  }

  @Test
  void reversedIdsRoundTripAndSpreadEvenly() {
    try (WideTableStore store = EmbeddedStore.inMemory()) {
      ReversedUserRepository repo = new ReversedUserRepository(store);
      repo.createTables();
      for (long id = 1; id <= 1000; id++) {
        ReversedUser u = new ReversedUser();
        u.setUserId(id);
        u.setDevice(new byte[] {(byte) id, (byte) 0x80});
        u.setName("user" + id);
        repo.put(u);
      }
      assertEquals("4321", ReversedUserKeys.primaryKey(1234, new byte[] {1}).get(0).asString());
      ReversedUser back = repo.get(987, new byte[] {(byte) 987, (byte) 0x80}).orElseThrow();
      assertEquals(987, back.getUserId());
      assertArrayEquals(new byte[] {(byte) 987, (byte) 0x80}, back.getDevice());
      assertEquals("user987", back.getName());
      // sequential ids: the last digit leads, so each of the 10 partitions takes a tenth
      List<PartitionStats> stats = store.partitionStats(ReversedUserTable.NAME);
      assertEquals(10, stats.size());
      for (PartitionStats p : stats) {
        assertEquals(100, p.writeRows(), p.toString());
      }
    }
  }

  private static SignedReading randomReading(Random random) {
    int delta =
        random.nextInt(4) == 0
            ? (random.nextBoolean() ? 9999 : -9999)
            : random.nextInt(19999) - 9999;
    char[] alphabetEdges = {'a', 'b', 'y', 'z'};
    StringBuilder label = new StringBuilder();
    int length = random.nextInt(7);
    for (int i = 0; i < length; i++) {
      label.append(alphabetEdges[random.nextInt(alphabetEdges.length)]);
    }
    long big =
        random.nextInt(5) == 0
            ? Long.MAX_VALUE - random.nextInt(3)
            : random.nextLong() & Long.MAX_VALUE;
    long sequence = random.nextInt(5) == 0 ? random.nextInt(3) - 1 : random.nextLong();
    return new SignedReading(delta, label.toString(), big, sequence, "note");
  }

  private static HashedEvent randomEvent(Random random) {
    String chars = "abcXYZ019_";
    StringBuilder stream = new StringBuilder();
    for (int i = 0, n = 1 + random.nextInt(8); i < n; i++) {
      stream.append(chars.charAt(random.nextInt(chars.length())));
    }
    return new HashedEvent(
        random.nextInt(50),
        stream.toString(),
        Instant.ofEpochMilli(1_700_000_000_000L + random.nextInt(1_000_000)),
        new UUID(random.nextLong(), random.nextLong()),
        HashedEvent.Kind.values()[random.nextInt(3)],
        random.nextInt(1000));
  }
}
