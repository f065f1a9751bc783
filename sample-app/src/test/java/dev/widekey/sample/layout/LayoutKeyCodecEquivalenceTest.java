package dev.widekey.sample.layout;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.widekey.core.RuleViolationException;
import dev.widekey.core.layout.BucketLayout;
import dev.widekey.core.layout.ColumnSource;
import dev.widekey.core.layout.HashPrefixLayout;
import dev.widekey.core.layout.KeyColumnLayout;
import dev.widekey.core.layout.KeyPartLayout;
import dev.widekey.core.layout.LayoutText;
import dev.widekey.core.layout.TableLayout;
import dev.widekey.core.layout.TableRole;
import dev.widekey.core.store.PkType;
import dev.widekey.runtime.layout.LayoutKeyCodec;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.sample.BucketedMachineMetricKeys;
import dev.widekey.sample.CardTransactionKeys;
import dev.widekey.sample.ChannelOrderKeys;
import dev.widekey.sample.DeviceTransactionKeys;
import dev.widekey.sample.ItemKeys;
import dev.widekey.sample.MachineMetricKeys;
import dev.widekey.sample.OrderKeys;
import dev.widekey.sample.codec.HashedEvent;
import dev.widekey.sample.codec.HashedEventKeys;
import dev.widekey.sample.codec.ReversedUserKeys;
import dev.widekey.sample.codec.SignedReadingKeys;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link LayoutKeyCodec} against the generated {@code FooKeys} of the sample entities: with seeded
 * random values, the codec writes the generated key, decodes it back, refuses what the generated
 * encoder refuses (same rule and field) and treats a forged key as the generated decoder does.
 * Replay a failure with {@code -Dwidekey.seed=N}; every failure names the seed.
 *
 * <p>The codec reads the layout files the processor exported; each is also compared with a layout
 * written by hand from the entity's annotations.
 */
class LayoutKeyCodecEquivalenceTest {
  static final long SEED = Long.getLong("widekey.seed", 20261126L);
  static final int TRIALS = 400;

  /**
   * The layout the codec interprets: the one the processor exported for the table into the class
   * output, as a committed layout file holds it. Equal keys then prove the file complete: it holds
   * every fact the generated codec encodes by.
   */
  static TableLayout layout(Case c) {
    return exported(c.table());
  }

  /** The layout file the processor wrote for {@code table}, read from the class path. */
  static TableLayout exported(String table) {
    String resource = "META-INF/widekey/layout/" + table + ".layout";
    try (java.io.InputStream in =
        LayoutKeyCodecEquivalenceTest.class.getClassLoader().getResourceAsStream(resource)) {
      if (in == null) {
        throw new AssertionError("no exported layout " + resource);
      }
      return LayoutText.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /**
   * The exported key layout is the one written by hand from the entity's annotations: two readings
   * of the annotations, by the processor and by a person, agree on every key fact.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void theExportedKeyIsTheOneTheAnnotationsDescribe(Case c) {
    assertEquals(
        c.handWritten().key().stream().map(LayoutKeyCodecEquivalenceTest::plain).toList(),
        exported(c.table()).key().stream().map(LayoutKeyCodecEquivalenceTest::plain).toList());
  }

  /**
   * A column with the choices that write the same bytes made one way: no delimiter without a
   * splice, and one plain string component as itself rather than as text built from it.
   */
  static KeyColumnLayout plain(KeyColumnLayout k) {
    boolean spliced = k.parts().size() > 1;
    boolean bare =
        !spliced
            && k.source() == ColumnSource.TEXT
            && k.type() == PkType.STRING
            && k.hash() == null
            && k.buckets() == null
            && k.parts().get(0).kind().equals("STRING")
            && !k.parts().get(0).reversed();
    return new KeyColumnLayout(
        k.name(),
        k.type(),
        bare ? ColumnSource.COMPONENT : k.source(),
        k.parts(),
        spliced ? k.delimiter() : '\0',
        k.hash(),
        k.buckets(),
        k.descending());
  }

  /** The codec of a case's layout, told the enum types the layout names only by kind. */
  static LayoutKeyCodec codec(Case c) {
    LayoutKeyCodec codec = new LayoutKeyCodec(layout(c));
    return c.table().equals("hashed_events")
        ? codec.withEnum("kind", HashedEvent.Kind.class)
        : codec;
  }

  /** One table of a sample entity: its layout and its generated codec, over the same value map. */
  interface Case {
    String table();

    TableLayout handWritten();

    /** Key values as {@link LayoutKeyCodec#decode} returns them; wild ones may break rules. */
    Map<String, Object> values(Random r, boolean wild);

    /** The generated encoder on these values. */
    PrimaryKey generated(Map<String, Object> v);

    /** The generated decoder's values as a map in key order, or null if there is none. */
    Map<String, Object> generatedDecode(PrimaryKey key);
  }

  record Table(
      String table,
      TableLayout handWritten,
      Values values,
      Function<Map<String, Object>, PrimaryKey> encoder,
      Function<PrimaryKey, Map<String, Object>> decoder)
      implements Case {
    @Override
    public Map<String, Object> values(Random r, boolean wild) {
      return values.of(r, wild);
    }

    @Override
    public PrimaryKey generated(Map<String, Object> v) {
      return encoder.apply(v);
    }

    @Override
    public Map<String, Object> generatedDecode(PrimaryKey key) {
      return decoder == null ? null : decoder.apply(key);
    }

    @Override
    public String toString() {
      return table;
    }
  }

  @FunctionalInterface
  interface Values {
    Map<String, Object> of(Random r, boolean wild);
  }

  // ---- the hand-written layouts, from the entities' annotations ----

  static final String DIGITS = "0123456789";
  static final String LOWER = "abcdefghijklmnopqrstuvwxyz";
  static final String UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

  static TableLayout hot(String table, String entity, KeyColumnLayout... key) {
    return new TableLayout(
        table,
        entity,
        TableRole.HOT,
        null,
        "TABLESTORE",
        -1,
        null,
        List.of(key),
        List.of(),
        List.of());
  }

  static KeyPartLayout part(String name, String kind) {
    return new KeyPartLayout(name, kind, 0, false, false, null, 0);
  }

  static KeyPartLayout padded(String name, String kind, int width, boolean signed) {
    return new KeyPartLayout(name, kind, width, signed, false, null, 0);
  }

  static KeyPartLayout string(String name, String alphabet, int maxLength) {
    return new KeyPartLayout(name, "STRING", 0, false, false, alphabet, maxLength);
  }

  static KeyColumnLayout text(
      String name, HashPrefixLayout hash, BucketLayout buckets, KeyPartLayout... parts) {
    return new KeyColumnLayout(
        name, PkType.STRING, ColumnSource.TEXT, List.of(parts), ',', hash, buckets, false);
  }

  static KeyColumnLayout column(PkType type, KeyPartLayout part) {
    return new KeyColumnLayout(
        part.name(), type, ColumnSource.COMPONENT, List.of(part), ',', null, null, false);
  }

  static Stream<Case> cases() {
    return Stream.of(
        new Table(
            "orders",
            hot(
                "orders",
                "dev.widekey.sample.Order",
                text(
                    "orderNumber",
                    new HashPrefixLayout("MD5", 4, null),
                    null,
                    part("orderNumber", "LONG"))),
            (r, wild) -> map("orderNumber", number(r, wild, 0, Long.MAX_VALUE)),
            v -> OrderKeys.primaryKey(l(v, "orderNumber")),
            k -> map("orderNumber", OrderKeys.decode(k).orderNumber())),
        new Table(
            "orders_by_card",
            new TableLayout(
                "orders_by_card",
                "dev.widekey.sample.Order",
                TableRole.INDEX,
                "by_card",
                "TABLESTORE",
                -1,
                null,
                List.of(
                    column(PkType.STRING, string("cardId", "0-9A-F", 16)),
                    column(PkType.INTEGER, part("placedAt", "INSTANT")),
                    new KeyColumnLayout(
                        "wk_ref",
                        PkType.BINARY,
                        ColumnSource.INDEX_REF,
                        List.of(),
                        ',',
                        null,
                        null,
                        false)),
                List.of(),
                List.of()),
            (r, wild) ->
                map(
                    "cardId", string(r, wild, DIGITS + "ABCDEF", 16),
                    "placedAt", r.nextLong(),
                    "wk_ref", bytes(r)),
            v -> {
              List<PkValue> key =
                  new ArrayList<>(
                      OrderKeys.ByCardIndex.values(s(v, "cardId"), instant(v, "placedAt")));
              key.add(PkValue.ofBinary((byte[]) v.get("wk_ref")));
              return PrimaryKey.of(key);
            },
            null),
        new Table(
            "device_transactions",
            hot(
                "device_transactions",
                "dev.widekey.sample.DeviceTransaction",
                text(
                    "deviceId_sellerId_cardId",
                    null,
                    null,
                    padded("deviceId", "LONG", 6, false),
                    string("sellerId", "a-z0-9", 16),
                    string("cardId", "0-9A-Z", 16)),
                column(PkType.INTEGER, part("orderNumber", "LONG"))),
            (r, wild) ->
                map(
                    "deviceId", number(r, wild, 0, 999_999),
                    "sellerId", string(r, wild, LOWER + DIGITS, 16),
                    "cardId", string(r, wild, DIGITS + UPPER, 16),
                    "orderNumber", r.nextLong()),
            v ->
                DeviceTransactionKeys.primaryKey(
                    l(v, "deviceId"), s(v, "sellerId"), s(v, "cardId"), l(v, "orderNumber")),
            k -> {
              var d = DeviceTransactionKeys.decode(k);
              return map(
                  "deviceId", d.deviceId(),
                  "sellerId", d.sellerId(),
                  "cardId", d.cardId(),
                  "orderNumber", d.orderNumber());
            }),
        new Table(
            "machine_metrics",
            hot(
                "machine_metrics",
                "dev.widekey.sample.MachineMetric",
                text("machineIp", null, null, string("machineIp", "0-9a-f.:", 45)),
                column(PkType.INTEGER, part("timestamp", "INSTANT"))),
            (r, wild) ->
                map(
                    "machineIp", string(r, wild, DIGITS + "abcdef.:", 45),
                    "timestamp", r.nextLong()),
            v -> MachineMetricKeys.primaryKey(s(v, "machineIp"), instant(v, "timestamp")),
            k -> {
              var d = MachineMetricKeys.decode(k);
              return map("machineIp", d.machineIp(), "timestamp", d.timestamp().toEpochMilli());
            }),
        new Table(
            "machine_metrics_by_time",
            hot(
                "machine_metrics_by_time",
                "dev.widekey.sample.BucketedMachineMetric",
                text(
                    "timestamp",
                    null,
                    new BucketLayout(16, "timestamp"),
                    // a bucketed number is padded to its type's width, signed, even without
                    // @Padded: the layout holds the padding the processor applies
                    padded("timestamp", "INSTANT", 19, true)),
                column(PkType.STRING, string("machineIp", "0-9a-f.:", 45))),
            (r, wild) ->
                map(
                    "timestamp", r.nextLong(),
                    "machineIp", string(r, wild, DIGITS + "abcdef.:", 45)),
            v -> BucketedMachineMetricKeys.primaryKey(instant(v, "timestamp"), s(v, "machineIp")),
            k -> {
              var d = BucketedMachineMetricKeys.decode(k);
              return map("timestamp", d.timestamp().toEpochMilli(), "machineIp", d.machineIp());
            }),
        new Table(
            "card_transactions",
            hot(
                "card_transactions",
                "dev.widekey.sample.CardTransaction",
                text("cardId", null, null, string("cardId", "0-9A-Z", 16)),
                column(PkType.STRING, string("sellerId", "a-z0-9", 16)),
                column(PkType.INTEGER, part("deviceId", "LONG")),
                column(PkType.INTEGER, part("orderNumber", "LONG"))),
            (r, wild) ->
                map(
                    "cardId", string(r, wild, DIGITS + UPPER, 16),
                    "sellerId", string(r, wild, LOWER + DIGITS, 16),
                    "deviceId", r.nextLong(),
                    "orderNumber", r.nextLong()),
            v ->
                CardTransactionKeys.primaryKey(
                    s(v, "cardId"), s(v, "sellerId"), l(v, "deviceId"), l(v, "orderNumber")),
            k -> {
              var d = CardTransactionKeys.decode(k);
              return map(
                  "cardId", d.cardId(),
                  "sellerId", d.sellerId(),
                  "deviceId", d.deviceId(),
                  "orderNumber", d.orderNumber());
            }),
        new Table(
            "channel_orders",
            hot(
                "channel_orders",
                "dev.widekey.sample.ChannelOrder",
                text("channel", null, null, string("channel", "a-z", 16)),
                column(PkType.STRING, string("id", "a-z0-9", 16))),
            (r, wild) ->
                map(
                    "channel", string(r, wild, LOWER, 16),
                    "id", string(r, wild, LOWER + DIGITS, 16)),
            v -> ChannelOrderKeys.primaryKey(s(v, "channel"), s(v, "id")),
            k -> {
              var d = ChannelOrderKeys.decode(k);
              return map("channel", d.channel(), "id", d.id());
            }),
        new Table(
            "items",
            hot("items", "dev.widekey.sample.Item", column(PkType.INTEGER, part("itemId", "LONG"))),
            (r, wild) -> map("itemId", r.nextLong()),
            v -> ItemKeys.primaryKey(l(v, "itemId")),
            k -> map("itemId", ItemKeys.decode(k).itemId())),
        new Table(
            "reversed_users",
            hot(
                "reversed_users",
                "dev.widekey.sample.codec.ReversedUser",
                text(
                    "userId",
                    null,
                    null,
                    new KeyPartLayout("userId", "LONG", 0, false, true, null, 0)),
                column(PkType.BINARY, part("device", "BYTES"))),
            (r, wild) -> map("userId", number(r, wild, 0, Long.MAX_VALUE), "device", bytes(r)),
            v -> ReversedUserKeys.primaryKey(l(v, "userId"), (byte[]) v.get("device")),
            k -> {
              var d = ReversedUserKeys.decode(k);
              return map("userId", d.userId(), "device", d.device());
            }),
        new Table(
            "hashed_events",
            hot(
                "hashed_events",
                "dev.widekey.sample.codec.HashedEvent",
                text(
                    "tenant_stream",
                    new HashPrefixLayout("SHA256", 6, "tenant"),
                    null,
                    padded("tenant", "LONG", 10, false),
                    string("stream", "a-zA-Z0-9_", 20)),
                column(PkType.INTEGER, part("at", "INSTANT")),
                column(PkType.STRING, part("eventId", "UUID")),
                column(PkType.STRING, part("kind", "ENUM"))),
            (r, wild) ->
                map(
                    "tenant", number(r, wild, 0, 9_999_999_999L),
                    "stream", string(r, wild, LOWER + UPPER + DIGITS + "_", 20),
                    "at", r.nextLong(),
                    "eventId", new UUID(r.nextLong(), r.nextLong()),
                    "kind", HashedEvent.Kind.values()[r.nextInt(3)].name()),
            v ->
                HashedEventKeys.primaryKey(
                    l(v, "tenant"),
                    s(v, "stream"),
                    instant(v, "at"),
                    (UUID) v.get("eventId"),
                    HashedEvent.Kind.valueOf(s(v, "kind"))),
            k -> {
              var d = HashedEventKeys.decode(k);
              return map(
                  "tenant", d.tenant(),
                  "stream", d.stream(),
                  "at", d.at().toEpochMilli(),
                  "eventId", d.eventId(),
                  "kind", d.kind().name());
            }),
        new Table(
            "signed_readings",
            hot(
                "signed_readings",
                "dev.widekey.sample.codec.SignedReading",
                text(
                    "delta_label_big",
                    null,
                    null,
                    padded("delta", "INT", 4, true),
                    string("label", "a-z", 6),
                    padded("big", "LONG", 19, false)),
                column(PkType.INTEGER, part("sequence", "LONG"))),
            (r, wild) ->
                map(
                    "delta",
                    wild
                        ? (long) (r.nextBoolean() ? r.nextInt() : r.nextInt(40_000) - 20_000)
                        : (long) (r.nextInt(20_000) - 10_000),
                    "label",
                    string(r, wild, LOWER, 6),
                    "big",
                    number(r, wild, 0, Long.MAX_VALUE),
                    "sequence",
                    r.nextLong()),
            v ->
                SignedReadingKeys.primaryKey(
                    Math.toIntExact(l(v, "delta")), s(v, "label"), l(v, "big"), l(v, "sequence")),
            k -> {
              var d = SignedReadingKeys.decode(k);
              return map(
                  "delta", (long) d.delta(),
                  "label", d.label(),
                  "big", d.big(),
                  "sequence", d.sequence());
            }));
  }

  // ---- the properties ----

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void encodesAsTheGeneratedCodec(Case c) {
    LayoutKeyCodec codec = codec(c);
    forAll(
        c,
        r -> {
          Map<String, Object> values = c.values(r, false);
          PrimaryKey generated = c.generated(values);
          assertEquals(generated, codec.encode(values), () -> "values " + show(values));
        });
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void decodesTheGeneratedKeysBackToTheirValues(Case c) {
    LayoutKeyCodec codec = codec(c);
    forAll(
        c,
        r -> {
          Map<String, Object> values = c.values(r, false);
          PrimaryKey key = c.generated(values);
          Map<String, Object> decoded = codec.decode(key);
          assertSameValues(values, decoded);
          Map<String, Object> generated = c.generatedDecode(key);
          if (generated != null) {
            assertSameValues(generated, decoded);
          }
        });
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void refusesWhatTheGeneratedEncoderRefuses(Case c) {
    LayoutKeyCodec codec = codec(c);
    forAll(
        c,
        r -> {
          Map<String, Object> values = c.values(r, true);
          Object generated = outcome(() -> c.generated(values));
          Object interpreted = outcome(() -> codec.encode(values));
          assertEquals(generated, interpreted, () -> "values " + show(values));
        });
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void treatsAForgedKeyAsTheGeneratedDecoderDoes(Case c) {
    LayoutKeyCodec codec = codec(c);
    if (c.generatedDecode(c.generated(c.values(new Random(SEED), false))) == null) {
      return; // no generated decoder to compare with
    }
    forAll(
        c,
        r -> {
          PrimaryKey key = forge(r, c.generated(c.values(r, false)));
          Object interpreted = outcome(() -> show(codec.decode(key)));
          Object generated = outcome(() -> show(c.generatedDecode(key)));
          assertEquals(generated, interpreted, () -> "forged key " + key);
        });
  }

  // ---- helpers ----

  interface Trial {
    void run(Random r);
  }

  static void forAll(Case c, Trial trial) {
    Random r = new Random(SEED);
    for (int i = 0; i < TRIALS; i++) {
      try {
        trial.run(r);
      } catch (AssertionError | RuntimeException e) {
        throw new AssertionError(
            c.table() + ": trial " + i + " failed with seed " + SEED + " (-Dwidekey.seed): " + e,
            e);
      }
    }
  }

  /** The key written, or the rule and field of the refusal. */
  static Object outcome(Supplier<Object> call) {
    try {
      return call.get();
    } catch (RuleViolationException e) {
      return e.rule() + " " + e.field();
    }
  }

  static PrimaryKey forge(Random r, PrimaryKey key) {
    List<PkValue> values = new ArrayList<>(key.values());
    int column = r.nextInt(values.size());
    PkValue v = values.get(column);
    if (v.type() == PkType.INTEGER) {
      values.set(column, PkValue.ofInteger(v.asLong() + 1 - r.nextInt(3)));
      return PrimaryKey.of(values);
    }
    if (v.type() == PkType.BINARY) {
      values.set(column, PkValue.ofString("x"));
      return PrimaryKey.of(values);
    }
    String s = v.asString();
    int at = r.nextInt(s.length() + 1);
    String insert = String.valueOf(",+-0a9Z_\ud800".charAt(r.nextInt(9)));
    String forged =
        switch (r.nextInt(3)) {
          case 0 -> s.substring(0, at) + insert + s.substring(at);
          case 1 -> at < s.length() ? s.substring(0, at) + s.substring(at + 1) : s + insert;
          default -> at < s.length() ? s.substring(0, at) + insert + s.substring(at + 1) : "";
        };
    values.set(column, PkValue.ofString(forged));
    return PrimaryKey.of(values);
  }

  static Map<String, Object> map(Object... nameValue) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < nameValue.length; i += 2) {
      m.put((String) nameValue[i], nameValue[i + 1]);
    }
    return m;
  }

  static long l(Map<String, Object> v, String name) {
    return (Long) v.get(name);
  }

  static String s(Map<String, Object> v, String name) {
    return (String) v.get(name);
  }

  static Instant instant(Map<String, Object> v, String name) {
    return Instant.ofEpochMilli(l(v, name));
  }

  static byte[] bytes(Random r) {
    byte[] b = new byte[r.nextInt(8)];
    r.nextBytes(b);
    return b;
  }

  /** A number in [min, max]; wild: often outside it. */
  static long number(Random r, boolean wild, long min, long max) {
    if (wild) {
      switch (r.nextInt(5)) {
        case 0:
          return r.nextLong();
        case 1:
          return max == Long.MAX_VALUE ? max : max + 1 + r.nextInt(1000);
        case 2:
          return min - 1 - r.nextInt(1000);
        default:
          break;
      }
    }
    long span = max - min;
    if (span >= 0 && span < Long.MAX_VALUE) {
      return min + Math.floorMod(r.nextLong(), span + 1);
    }
    long x = r.nextLong();
    while (x < min || x > max) {
      x = r.nextLong();
    }
    return x;
  }

  static final String[] WILD = {
    ",", ":", ".", "_", "-", " ", "é", "\ud800", "😀", "\u0000", "A", "z", "0", "F", "g"
  };

  /** A string over the alphabet of at most maxLength; wild: any characters and lengths, or null. */
  static String string(Random r, boolean wild, String alphabet, int maxLength) {
    if (wild && r.nextInt(20) == 0) {
      return null;
    }
    int length = r.nextInt((wild ? maxLength + 4 : maxLength) + 1);
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < length; i++) {
      if (wild && r.nextInt(6) == 0) {
        s.append(WILD[r.nextInt(WILD.length)]);
      } else {
        s.append(alphabet.charAt(r.nextInt(alphabet.length())));
      }
    }
    return s.toString();
  }

  static void assertSameValues(Map<String, Object> expected, Map<String, Object> actual) {
    assertEquals(List.copyOf(expected.keySet()), List.copyOf(actual.keySet()));
    for (String n : expected.keySet()) {
      Object e = expected.get(n);
      Object a = actual.get(n);
      if (e instanceof byte[] b) {
        assertArrayEquals(b, (byte[]) a, n);
      } else {
        assertEquals(e, a, n);
      }
    }
  }

  /** A map shown with its arrays' contents, so that equal values show equal. */
  static String show(Map<String, Object> values) {
    if (values == null) {
      return null;
    }
    StringBuilder out = new StringBuilder("{");
    values.forEach(
        (k, v) ->
            out.append(k)
                .append('=')
                .append(v instanceof byte[] b ? Arrays.toString(b) : String.valueOf(v))
                .append(' '));
    return out.append('}').toString();
  }
}
