package dev.widekey.processor.report;

import dev.widekey.core.key.KeyAlphabet;
import dev.widekey.core.layout.KeyPartLayout;
import dev.widekey.runtime.layout.LayoutKeyCodec;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/**
 * Representative values of one key component, in the forms {@link LayoutKeyCodec#encode} takes:
 * small, large and negative numbers (those a padding refuses are dropped by the caller), a few
 * strings within the component's alphabet, times across years, bytes whose unsigned order differs
 * from their signed one.
 */
final class ExampleValues {
  private ExampleValues() {}

  /** Strings of a component without an alphabet: ASCII of both cases and a two-byte character. */
  private static final List<String> WORDS = List.of("alice", "bob", "Zed", "carol-7", "émile");

  /** Instants in three years, one of them a millisecond after another. */
  private static final List<Long> MILLIS =
      List.of(
          Instant.parse("2024-01-01T00:00:00Z").toEpochMilli(),
          Instant.parse("2024-01-01T00:00:00.001Z").toEpochMilli(),
          Instant.parse("2025-06-15T12:30:00Z").toEpochMilli(),
          Instant.parse("1999-12-31T23:59:59Z").toEpochMilli(),
          Instant.parse("2031-03-01T08:00:00Z").toEpochMilli());

  private static final List<Long> DAYS =
      List.of(
          LocalDate.parse("2024-01-01").toEpochDay(),
          LocalDate.parse("2024-01-02").toEpochDay(),
          LocalDate.parse("2025-06-15").toEpochDay(),
          LocalDate.parse("1999-12-31").toEpochDay());

  private static final List<UUID> UUIDS =
      List.of(
          UUID.fromString("123e4567-e89b-12d3-a456-426614174000"),
          UUID.fromString("f47ac10b-58cc-4372-a567-0e02b2c3d479"),
          UUID.fromString("0b9d3c2e-7a61-4f0e-9c55-1d2e3f405162"));

  private static final List<byte[]> BYTES =
      List.of(new byte[] {0x01, 0x02}, new byte[] {0x7f}, new byte[] {(byte) 0x80}, new byte[0]);

  /** The values tried for a component. */
  static List<Object> of(KeyPartLayout part, List<String> enumConstants) {
    return switch (part.kind()) {
      case "STRING" -> new ArrayList<>(strings(part));
      case "LONG", "INT", "SHORT", "BYTE" -> new ArrayList<>(numbers(part));
      case "INSTANT", "LOCAL_DATE_TIME", "OFFSET_DATE_TIME", "ZONED_DATE_TIME" ->
          new ArrayList<>(MILLIS);
      case "LOCAL_DATE" -> new ArrayList<>(DAYS);
      case "UUID" -> new ArrayList<>(UUIDS);
      case "ENUM" ->
          new ArrayList<>(
              enumConstants == null || enumConstants.isEmpty()
                  ? List.of("FIRST", "SECOND")
                  : enumConstants);
      case "BYTES" -> new ArrayList<>(BYTES);
      default -> throw new IllegalArgumentException("unknown key kind " + part.kind());
    };
  }

  /**
   * The values tried for a column widekey fills itself: a write tag, a part number, a reference.
   */
  static List<Object> carried(String name) {
    if (name.equals(LayoutKeyCodec.REF)) {
      return List.of(new byte[] {0x01, 0x2a}, new byte[] {(byte) 0x9c, 0x07});
    }
    return List.of(1L, 2L);
  }

  /** A value as the report shows it. */
  static String text(String kind, Object value) {
    if (value instanceof byte[] b) {
      return "0x" + HexFormat.of().formatHex(b);
    }
    if (kind == null) {
      return String.valueOf(value);
    }
    return switch (kind) {
      case "INSTANT", "LOCAL_DATE_TIME", "OFFSET_DATE_TIME", "ZONED_DATE_TIME" ->
          ExampleKeys.millis((Long) value);
      case "LOCAL_DATE" -> ExampleKeys.day((Long) value);
      default -> String.valueOf(value);
    };
  }

  private static List<Long> numbers(KeyPartLayout part) {
    long max =
        switch (part.kind()) {
          case "INT" -> Integer.MAX_VALUE;
          case "SHORT" -> Short.MAX_VALUE;
          case "BYTE" -> Byte.MAX_VALUE;
          default -> Long.MAX_VALUE;
        };
    Set<Long> values = new LinkedHashSet<>(List.of(7L, 42L, -42L, 0L, 1_000L, 9_876_543L, max));
    if (part.padWidth() > 0 && part.padWidth() < 19) {
      // the largest value the padding holds
      values.add(Math.min(max, (long) Math.pow(10, part.padWidth()) - 1));
    }
    return new ArrayList<>(values);
  }

  private static List<String> strings(KeyPartLayout part) {
    List<String> words = WORDS;
    if (part.alphabet() != null) {
      words = alphabetWords(KeyAlphabet.parse(part.alphabet()));
    }
    List<String> out = new ArrayList<>();
    for (String w : words) {
      String s =
          part.maxLength() > 0 && w.codePointCount(0, w.length()) > part.maxLength()
              ? w.substring(0, w.offsetByCodePoints(0, part.maxLength()))
              : w;
      if (!s.isEmpty() && !out.contains(s)) {
        out.add(s);
      }
    }
    return out;
  }

  /** Words of characters spread over the alphabet, lowest to highest. */
  private static List<String> alphabetWords(KeyAlphabet alphabet) {
    List<String> chars = new ArrayList<>();
    long low = alphabet.lowest();
    long high = alphabet.highest();
    for (int k = 0; k <= 5; k++) {
      long cp = low + (high - low) * k / 5;
      // the next character the alphabet holds, within a short scan
      for (int scan = 0; scan < 4096 && cp <= high; scan++, cp++) {
        if (alphabet.contains((int) cp) && (cp < 0xD800 || cp > 0xDFFF)) {
          String c = Character.toString((int) cp);
          if (!chars.contains(c)) {
            chars.add(c);
          }
          break;
        }
      }
    }
    List<String> words = new ArrayList<>();
    int n = chars.size();
    int[][] picks = {{0, 2, 4}, {1, 1}, {3, 5, 0, 2}, {5}, {2, 3, 4, 5, 0}, {n - 1, 0}};
    for (int[] pick : picks) {
      StringBuilder w = new StringBuilder();
      for (int i : pick) {
        w.append(chars.get(Math.floorMod(i, n)));
      }
      words.add(w.toString());
    }
    return words;
  }
}
