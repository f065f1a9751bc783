package dev.widekey.processor.report;

import dev.widekey.core.layout.KeyColumnLayout;
import dev.widekey.core.layout.KeyPartLayout;
import dev.widekey.core.layout.TableLayout;
import dev.widekey.core.store.PkType;
import dev.widekey.runtime.layout.LayoutKeyCodec;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Example keys of a table, made from representative values of each key component (small and large
 * numbers, a few strings within the component's alphabet, times) and encoded with {@link
 * LayoutKeyCodec}, byte for byte as the generated codec encodes them; listed in the store's order
 * ({@link PrimaryKey#compareTo}: integers as signed numbers, strings by their UTF-8 bytes, bytes
 * unsigned), with the table's pre-split points placed between them.
 *
 * <pre>{@code
 * ExampleKeys examples = ExampleKeys.of(ordersLayout, Map.of());
 * examples.examples().get(4).columns(); // ["a1d042"]: the MD5 prefix a1d0, then orderNumber 42
 * examples.splits().get(0);             // SplitMarker[point=1990, before=1]
 * }</pre>
 *
 * @param examples the example keys, in store order, each key once
 * @param splits the split points, in order, each with its place among the examples
 */
public record ExampleKeys(List<KeyExample> examples, List<SplitMarker> splits) {
  /** The fewest example combinations tried: enough to show a table's spread. */
  private static final int MIN_EXAMPLES = 8;

  /** The most: a page lists examples, not a table's contents. */
  private static final int MAX_EXAMPLES = 12;

  /** Combinations tried per example shown, before a layout that refuses most values gives up. */
  private static final int ATTEMPTS = 4;

  public ExampleKeys {
    examples = List.copyOf(examples);
    splits = List.copyOf(splits);
  }

  /**
   * The example keys of {@code layout}.
   *
   * @param enumConstants the constants of each {@code ENUM} component by component name, in
   *     declaration order; a component without an entry gets placeholder names
   */
  public static ExampleKeys of(TableLayout layout, Map<String, List<String>> enumConstants) {
    LayoutKeyCodec codec = LayoutKeyCodec.of(layout);
    Map<String, List<Object>> candidates = new LinkedHashMap<>();
    Map<String, String> kinds = new LinkedHashMap<>();
    for (KeyColumnLayout c : layout.key()) {
      for (KeyPartLayout p : c.parts()) {
        kinds.put(p.name(), p.kind());
        candidates.put(p.name(), ExampleValues.of(p, enumConstants.get(p.name())));
      }
    }
    for (String name : codec.names()) {
      candidates.computeIfAbsent(name, ExampleValues::carried);
    }
    int most = candidates.values().stream().mapToInt(List::size).max().orElse(1);
    int count = Math.min(MAX_EXAMPLES, Math.max(MIN_EXAMPLES, most));
    List<KeyExample> examples = new ArrayList<>();
    List<PrimaryKey> seen = new ArrayList<>();
    // a layout refuses some values (padding, alphabet, delimiter): try more combinations than shown
    for (int i = 0; i < count * ATTEMPTS && examples.size() < count; i++) {
      Map<String, Object> values = new LinkedHashMap<>();
      int j = 0;
      for (String name : codec.names()) {
        List<Object> options = candidates.get(name);
        // each component walks its values from its own offset, so examples differ in each
        values.put(name, options.get((i + j * (i / options.size() + 1)) % options.size()));
        j++;
      }
      PrimaryKey key;
      try {
        key = codec.encode(values);
      } catch (RuntimeException e) {
        continue; // a value this layout refuses: no example
      }
      if (seen.contains(key)) {
        continue;
      }
      seen.add(key);
      List<String> shown = new ArrayList<>();
      values.forEach((name, v) -> shown.add(name + "=" + ExampleValues.text(kinds.get(name), v)));
      List<String> columns = new ArrayList<>();
      for (PkValue v : key.values()) {
        columns.add(text(v));
      }
      examples.add(new KeyExample(shown, key, columns));
    }
    examples.sort((a, b) -> a.key().compareTo(b.key()));
    return new ExampleKeys(examples, splits(layout, examples));
  }

  /** Each split point with the index of the first example whose partition value is not below it. */
  private static List<SplitMarker> splits(TableLayout layout, List<KeyExample> examples) {
    PkType partition = layout.key().get(0).type();
    List<SplitMarker> splits = new ArrayList<>();
    for (String point : layout.splitPoints()) {
      PkValue at =
          switch (partition) {
            case STRING -> PkValue.ofString(point);
            case INTEGER -> PkValue.ofInteger(Long.parseLong(point));
            case BINARY -> throw new IllegalArgumentException("binary split point " + point);
          };
      int before = 0;
      while (before < examples.size() && examples.get(before).key().get(0).compareTo(at) < 0) {
        before++;
      }
      splits.add(new SplitMarker(point, before));
    }
    return splits;
  }

  /** A stored key value as text. */
  static String text(PkValue v) {
    return switch (v.type()) {
      case STRING -> v.asString();
      case INTEGER -> Long.toString(v.asLong());
      case BINARY -> "0x" + HexFormat.of().formatHex(v.asBinary());
    };
  }

  /** A time kept as epoch milliseconds, as an ISO instant. */
  static String millis(long millis) {
    return Instant.ofEpochMilli(millis).toString();
  }

  /** A date kept as its epoch day. */
  static String day(long day) {
    return LocalDate.ofEpochDay(day).toString();
  }
}
