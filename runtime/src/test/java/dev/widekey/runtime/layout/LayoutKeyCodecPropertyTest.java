package dev.widekey.runtime.layout;

import static dev.widekey.runtime.key.Property.between;
import static dev.widekey.runtime.key.Property.forAll;
import static dev.widekey.runtime.layout.TestLayouts.component;
import static dev.widekey.runtime.layout.TestLayouts.hot;
import static dev.widekey.runtime.layout.TestLayouts.text;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

import dev.widekey.core.key.InvalidKeyException;
import dev.widekey.core.layout.BucketLayout;
import dev.widekey.core.layout.ColumnSource;
import dev.widekey.core.layout.HashPrefixLayout;
import dev.widekey.core.layout.KeyColumnLayout;
import dev.widekey.core.layout.KeyPartLayout;
import dev.widekey.core.layout.TableLayout;
import dev.widekey.core.store.PkType;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Random layouts times random values: every key round-trips, sorts as its values where the layout
 * promises it, and every forged key either is refused or is exactly the encoding of what it decodes
 * to (never a wrong value). Seeded: {@code -Dwidekey.seed=N} replays a failure.
 */
public class LayoutKeyCodecPropertyTest {
  static final String[] ALPHABETS = {"a-z0-9", "0-9A-F", "a-zA-Z0-9_", "0-9a-f.:"};
  static final String[] ALPHABET_CHARS = {
    "abcdefghijklmnopqrstuvwxyz0123456789",
    "0123456789ABCDEF",
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_",
    "0123456789abcdef.:"
  };
  static final String[] NUMBER_KINDS = {"LONG", "INT", "SHORT", "BYTE"};
  static final String[] TIME_KINDS = {
    "INSTANT", "LOCAL_DATE_TIME", "OFFSET_DATE_TIME", "ZONED_DATE_TIME", "LOCAL_DATE"
  };
  static final String[] ENUM_NAMES = {"A", "NEW", "in_flight", "Zeta9", "$x"};
  static final char[] DELIMITERS = {',', '#', '\u0001', '|'};

  // ---- random layouts ----

  static KeyPartLayout randomPart(Random r, String name, boolean textual) {
    int pick = r.nextInt(textual ? 5 : 3);
    return switch (pick) {
      case 0 -> {
        int a = r.nextInt(ALPHABETS.length + 1);
        yield new KeyPartLayout(
            name,
            "STRING",
            0,
            false,
            r.nextInt(4) == 0,
            a == ALPHABETS.length ? null : ALPHABETS[a],
            r.nextBoolean() ? 0 : 1 + r.nextInt(20));
      }
      case 1 -> {
        String kind = NUMBER_KINDS[r.nextInt(NUMBER_KINDS.length)];
        int width = r.nextInt(3) == 0 ? 0 : 1 + r.nextInt(19);
        yield new KeyPartLayout(
            name, kind, width, width > 0 && r.nextBoolean(), r.nextInt(5) == 0, null, 0);
      }
      case 2 -> {
        String kind = TIME_KINDS[r.nextInt(TIME_KINDS.length)];
        boolean padded = r.nextBoolean();
        yield new KeyPartLayout(name, kind, padded ? 19 : 0, padded, false, null, 0);
      }
      case 3 -> new KeyPartLayout(name, "UUID", 0, false, r.nextInt(4) == 0, null, 0);
      default -> new KeyPartLayout(name, "ENUM", 0, false, false, null, 0);
    };
  }

  public static TableLayout randomLayout(Random r) {
    List<KeyColumnLayout> key = new ArrayList<>();
    int parts = 1 + r.nextInt(3);
    List<KeyPartLayout> ps = new ArrayList<>();
    for (int i = 0; i < parts; i++) {
      ps.add(randomPart(r, "p" + i, true));
    }
    HashPrefixLayout hash = null;
    BucketLayout buckets = null;
    switch (r.nextInt(4)) {
      case 0 ->
          hash =
              new HashPrefixLayout(
                  List.of("MD5", "SHA1", "SHA256").get(r.nextInt(3)),
                  1 + r.nextInt(32),
                  r.nextBoolean() ? null : "p" + r.nextInt(parts));
      case 1 -> buckets = new BucketLayout(2 + r.nextInt(1023), "p0");
      default -> {}
    }
    key.add(
        new KeyColumnLayout(
            "pk",
            PkType.STRING,
            ColumnSource.TEXT,
            ps,
            DELIMITERS[r.nextInt(DELIMITERS.length)],
            hash,
            buckets,
            false));
    int more = r.nextInt(4);
    for (int i = 0; i < more; i++) {
      String name = "k" + i;
      switch (r.nextInt(3)) {
        case 0 -> key.add(component(PkType.STRING, randomPart(r, name, true)));
        case 1 -> {
          KeyPartLayout p = randomPart(r, name, false);
          if (p.kind().equals("STRING")) {
            p = new KeyPartLayout(name, "LONG", 0, false, false, null, 0);
          }
          p = new KeyPartLayout(name, p.kind(), 0, false, false, null, 0);
          key.add(component(PkType.INTEGER, p, r.nextBoolean()));
        }
        default ->
            key.add(
                component(
                    PkType.BINARY, new KeyPartLayout(name, "BYTES", 0, false, false, null, 0)));
      }
    }
    return hot("random", key.toArray(new KeyColumnLayout[0]));
  }

  // ---- random values ----

  static Map<String, Object> randomValues(Random r, TableLayout layout) {
    Map<String, Object> values = new LinkedHashMap<>();
    for (KeyColumnLayout c : layout.key()) {
      boolean spliced = c.source() == ColumnSource.TEXT && c.parts().size() > 1;
      for (KeyPartLayout p : c.parts()) {
        values.put(p.name(), randomValue(r, p, spliced ? c.delimiter() : (char) 0xFFFF));
      }
    }
    return values;
  }

  static Object randomValue(Random r, KeyPartLayout p, char forbidden) {
    return switch (p.kind()) {
      case "STRING" -> randomString(r, p, forbidden);
      case "UUID" -> new UUID(r.nextLong(), r.nextLong());
      case "ENUM" -> ENUM_NAMES[r.nextInt(ENUM_NAMES.length)];
      case "BYTES" -> {
        byte[] b = new byte[r.nextInt(6)];
        r.nextBytes(b);
        yield b;
      }
      case "LOCAL_DATE" -> between(r, LocalDate.MIN.toEpochDay(), LocalDate.MAX.toEpochDay());
      default -> {
        long min = kindMin(p.kind());
        long max = kindMax(p.kind());
        if (p.padWidth() > 0 && p.padWidth() < 19) {
          long limit = (long) Math.pow(10, p.padWidth());
          max = Math.min(max, limit - 1);
          min = Math.max(min, p.padSigned() ? -limit : 0);
        } else if (p.padWidth() == 19 && !p.padSigned()) {
          min = Math.max(min, 0);
        }
        yield r.nextInt(4) == 0 ? List.of(min, max, 0L).get(r.nextInt(3)) : between(r, min, max);
      }
    };
  }

  static String randomString(Random r, KeyPartLayout p, char forbidden) {
    int max = p.maxLength() > 0 ? p.maxLength() : 12;
    int length = r.nextInt(max + 1);
    StringBuilder s = new StringBuilder();
    if (p.alphabet() != null) {
      String chars = ALPHABET_CHARS[List.of(ALPHABETS).indexOf(p.alphabet())];
      for (int i = 0; i < length; i++) {
        s.append(chars.charAt(r.nextInt(chars.length())));
      }
      return s.toString();
    }
    while (s.length() < length) {
      int cp =
          switch (r.nextInt(4)) {
            case 0 -> 0x20 + r.nextInt(0x5f);
            case 1 -> r.nextInt(0x80);
            case 2 -> 0x80 + r.nextInt(0xD800 - 0x80);
            default -> 0x10000 + r.nextInt(0x10FFFF - 0x10000);
          };
      if (cp != forbidden && s.length() + Character.charCount(cp) <= length) {
        s.appendCodePoint(cp);
      } else if (s.length() + 1 == length) {
        s.append('x');
      }
    }
    return s.toString();
  }

  static long kindMin(String kind) {
    return switch (kind) {
      case "INT" -> Integer.MIN_VALUE;
      case "SHORT" -> Short.MIN_VALUE;
      case "BYTE" -> Byte.MIN_VALUE;
      default -> Long.MIN_VALUE;
    };
  }

  static long kindMax(String kind) {
    return switch (kind) {
      case "INT" -> Integer.MAX_VALUE;
      case "SHORT" -> Short.MAX_VALUE;
      case "BYTE" -> Byte.MAX_VALUE;
      default -> Long.MAX_VALUE;
    };
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

  // ---- properties ----

  @Test
  void decodeOfEncodeGivesTheValuesBack() {
    forAll(
        "decode(encode(v)) == v",
        3000,
        r -> {
          TableLayout layout = randomLayout(r);
          LayoutKeyCodec codec = new LayoutKeyCodec(layout);
          Map<String, Object> values = randomValues(r, layout);
          PrimaryKey key;
          try {
            key = codec.encode(values);
          } catch (RuntimeException e) {
            throw new AssertionError(layout + " refused " + values, e);
          }
          assertSameValues(values, codec.decode(key));
          assertEquals(key, codec.encode(codec.decode(key)));
        });
  }

  @Test
  void keyOrderIsValueOrderWhereTheLayoutPromisesIt() {
    forAll(
        "key order == value order",
        2000,
        r -> {
          KeyPartLayout p;
          boolean string = r.nextInt(3) == 0;
          if (string) {
            p = new KeyPartLayout("v", "STRING", 0, false, false, null, 0);
          } else {
            int width = 1 + r.nextInt(19);
            p = new KeyPartLayout("v", "LONG", width, r.nextBoolean(), false, null, 0);
          }
          boolean integerColumn = !string && r.nextInt(3) == 0;
          boolean descending = integerColumn && r.nextBoolean();
          LayoutKeyCodec codec =
              new LayoutKeyCodec(
                  hot(
                      "ordered",
                      integerColumn
                          ? component(
                              PkType.INTEGER,
                              new KeyPartLayout("v", "LONG", 0, false, false, null, 0),
                              descending)
                          : text("v", p)));
          Object a = randomValue(r, p, (char) 0xFFFF);
          Object b = r.nextInt(10) == 0 ? a : randomValue(r, p, (char) 0xFFFF);
          int values =
              string
                  ? Integer.signum(compareCodePoints((String) a, (String) b))
                  : Integer.signum(Long.compare((Long) a, (Long) b));
          int keys =
              Integer.signum(codec.encode(Map.of("v", a)).compareTo(codec.encode(Map.of("v", b))));
          assertEquals(descending ? -values : values, keys, a + " vs " + b);
        });
  }

  static int compareCodePoints(String a, String b) {
    int i = 0;
    int j = 0;
    while (i < a.length() && j < b.length()) {
      int ca = a.codePointAt(i);
      int cb = b.codePointAt(j);
      if (ca != cb) {
        return Integer.compare(ca, cb);
      }
      i += Character.charCount(ca);
      j += Character.charCount(cb);
    }
    return Integer.compare(a.length() - i, b.length() - j);
  }

  @Test
  void aForgedKeyIsRefusedOrIsExactlyTheEncodingOfItsValues() {
    forAll(
        "forged keys never decode to a wrong value",
        3000,
        r -> {
          TableLayout layout = randomLayout(r);
          LayoutKeyCodec codec = new LayoutKeyCodec(layout);
          PrimaryKey key = codec.encode(randomValues(r, layout));
          PrimaryKey forged = forge(r, key);
          Map<String, Object> decoded;
          try {
            decoded = codec.decode(forged);
          } catch (InvalidKeyException e) {
            return; // refused: fine
          }
          assertEquals(forged, codec.encode(decoded), "decoded a key it would not write");
        });
  }

  /** A stored key with one change in its first column's text: the attacks of the issue. */
  static PrimaryKey forge(Random r, PrimaryKey key) {
    String s = key.get(0).asString();
    String forged =
        switch (r.nextInt(7)) {
          case 0 -> s.isEmpty() ? "0" : flip(s, r.nextInt(Math.min(s.length(), 4)));
          case 1 -> insert(s, r.nextInt(s.length() + 1), "+");
          case 2 -> insert(s, r.nextInt(s.length() + 1), ",");
          case 3 -> insert(s, r.nextInt(s.length() + 1), "0");
          case 4 -> s.isEmpty() ? "x" : s.substring(0, s.length() - 1);
          case 5 -> s.isEmpty() ? "x" : flip(s, r.nextInt(s.length()));
          default -> insert(s, r.nextInt(s.length() + 1), "#");
        };
    List<PkValue> values = new ArrayList<>(key.values());
    values.set(0, PkValue.ofString(forged));
    return PrimaryKey.of(values);
  }

  static String flip(String s, int at) {
    char c = s.charAt(at);
    char to =
        Character.isSurrogate(c)
            ? 'x'
            : c == '9' ? '0' : c == 'z' ? 'a' : c == 'f' ? '0' : (char) (c + 1);
    return s.substring(0, at) + to + s.substring(at + 1);
  }

  static String insert(String s, int at, String what) {
    return s.substring(0, at) + what + s.substring(at);
  }

  @Test
  void namedForgeriesAreRefused() {
    LayoutKeyCodec hashed =
        new LayoutKeyCodec(
            hot(
                "t",
                text(
                    "pk",
                    ',',
                    new HashPrefixLayout("MD5", 8, null),
                    null,
                    new KeyPartLayout("n", "LONG", 0, false, false, null, 0))));
    forAll(
        "changed hash prefix, +5, extra delimiter, wrong bucket, non-canonical padding",
        500,
        r -> {
          long n = r.nextLong();
          String stored = hashed.encode(Map.of("n", n)).get(0).asString();
          PrimaryKey changed = PrimaryKey.of(PkValue.ofString(flip(stored, r.nextInt(8))));
          assertThrows(InvalidKeyException.class, () -> hashed.decode(changed));

          LayoutKeyCodec bucketed =
              new LayoutKeyCodec(
                  hot(
                      "t",
                      text(
                          "pk",
                          ',',
                          null,
                          new BucketLayout(16, "n"),
                          new KeyPartLayout("n", "LONG", 6, false, false, null, 0),
                          new KeyPartLayout("s", "STRING", 0, false, false, "a-z", 0))));
          long v = between(r, 0, 999_999);
          String text = bucketed.encode(Map.of("n", v, "s", "ab")).get(0).asString();
          int bucket = Integer.parseInt(text.substring(0, 2));
          String other = String.format("%02d", (bucket + 1 + r.nextInt(15)) % 16);
          List<String> forgeries =
              List.of(
                  other + text.substring(2),
                  "16" + text.substring(2),
                  text + ",x",
                  text.substring(0, 2) + "+" + text.substring(3),
                  text.substring(0, 2) + "0" + text.substring(2),
                  text.substring(0, 2) + text.substring(3));
          for (String f : forgeries) {
            assertThrows(
                InvalidKeyException.class,
                () -> bucketed.decode(PrimaryKey.of(PkValue.ofString(f))),
                f);
          }
          if (bucketed.decode(PrimaryKey.of(PkValue.ofString(text))).get("n") instanceof Long l
              && l != v) {
            fail("decoded " + l + " from " + text);
          }
        });
  }
}
