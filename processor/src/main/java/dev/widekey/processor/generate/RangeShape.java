package dev.widekey.processor.generate;

import dev.widekey.processor.model.ColumnLayout;
import dev.widekey.processor.model.KeyComponent;
import dev.widekey.processor.model.KeyLayout;
import dev.widekey.processor.model.ValueKind;
import java.util.ArrayList;
import java.util.List;

/**
 * One kind of scan the key design keeps in order (rule WK107 leaves out the rest, among them a
 * {@code from}/{@code to} range over an enum column, stored by name): which leading components it
 * fixes, and whether it bounds the next key column.
 *
 * @param kind the shape
 * @param fixed the leading components whose values the scan fixes
 * @param between the key column bounded by {@code [from, to)}, or null
 */
public record RangeShape(Kind kind, List<KeyComponent> fixed, KeyComponent between) {

  public enum Kind {
    /** A proper prefix of a spliced partition key: a text prefix ending with the delimiter. */
    PARTITION_PREFIX,
    /** The whole partition key and possibly leading key columns. */
    LEADING,
    /** As LEADING, and the next key column in {@code [from, to)}. */
    BETWEEN,
    /**
     * The bucketed leading component in {@code [from, to)}: one range per bucket, merged in logical
     * key order (the only range over it: a single scan would return the rows bucket by bucket).
     */
    BUCKETS_BETWEEN
  }

  public static List<RangeShape> all(KeyLayout layout) {
    List<RangeShape> shapes = new ArrayList<>();
    KeyComponent bucketed = layout.bucketed();
    if (bucketed != null && orderedByText(bucketed)) {
      shapes.add(new RangeShape(Kind.BUCKETS_BETWEEN, List.of(), bucketed));
    }
    List<KeyComponent> partition = layout.partition().components();
    for (int k = Math.max(1, layout.shortestScannablePrefix()); k < partition.size(); k++) {
      shapes.add(new RangeShape(Kind.PARTITION_PREFIX, partition.subList(0, k), null));
    }
    List<KeyComponent> keyColumns = layout.keyColumns().stream().map(ColumnLayout::single).toList();
    for (int j = 0; j < keyColumns.size(); j++) {
      List<KeyComponent> fixed = new ArrayList<>(partition);
      fixed.addAll(keyColumns.subList(0, j));
      shapes.add(new RangeShape(Kind.LEADING, List.copyOf(fixed), null));
      if (orderedByValue(keyColumns.get(j))) {
        shapes.add(new RangeShape(Kind.BETWEEN, List.copyOf(fixed), keyColumns.get(j)));
      }
    }
    return shapes;
  }

  /**
   * Whether a key column's stored order is its values' order, so that {@code [from, to)} over it
   * means what it says. An enum is stored by name: {@code [LOW, HIGH)} over LOW, MEDIUM, HIGH would
   * compare names and hold nothing, so no such range is generated (WK107: no range read over a
   * column whose stored order is not its values'); ranges fixing the enum, and over the column
   * after it, still are.
   */
  public static boolean orderedByValue(KeyComponent column) {
    return column.kind() != ValueKind.ENUM;
  }

  /**
   * Whether a bucketed component's key text sorts as its values: padded numbers and instants, and
   * text; not an enum (by name) nor a UUID (its text is not {@code UUID.compareTo}'s order).
   */
  public static boolean orderedByText(KeyComponent c) {
    return c.kind().integral() || c.kind() == ValueKind.STRING;
  }

  /** The components named in the method name. */
  public List<KeyComponent> named() {
    if (between == null) {
      return fixed;
    }
    List<KeyComponent> all = new ArrayList<>(fixed);
    all.add(between);
    return all;
  }

  public String suffix() {
    return bounded() ? "Between" : "";
  }

  /** Whether the shape bounds a component: its methods take bounds ({@code from, to} or Bounds). */
  boolean bounded() {
    return kind == Kind.BETWEEN || kind == Kind.BUCKETS_BETWEEN;
  }

  /**
   * The suffix of the methods taking a {@code Bounds}: {@code rangeBySensorIdAndAtWithin}; of the
   * shapes without bounds, none (their range method is the query).
   */
  String withinSuffix() {
    return bounded() ? "Within" : "";
  }

  /**
   * The Javadoc of the shape's methods. The bounds are named as the methods' parameters are: {@code
   * from} and {@code to} allocated after the fixed components' names, so {@code from_} where a
   * fixed component is named {@code from}.
   */
  String javadoc() {
    String names = String.join(", ", fixed.stream().map(KeyComponent::name).toList());
    com.palantir.javapoet.NameAllocator bounds = KeyEncoding.names(fixed);
    String from = bounds.newName("from");
    String to = bounds.newName("to");
    return switch (kind) {
      case PARTITION_PREFIX ->
          "Rows whose partition key starts with these components ("
              + names
              + "), in key order. The prefix ends with the delimiter, so a value never matches a longer"
              + " one that starts with it.";
      case LEADING -> "Rows with these leading key values (" + names + "), in key order.";
      case BUCKETS_BETWEEN ->
          "Rows with "
              + between.name()
              + " from {@code "
              + from
              + "} (inclusive) to {@code "
              + to
              + "} (exclusive), in key order: one scan per bucket, merged.";
      case BETWEEN ->
          "Rows with these leading key values ("
              + names
              + ") and "
              + between.name()
              + " from {@code "
              + from
              + "} (inclusive) to {@code "
              + to
              + "} (exclusive), in key order.";
    };
  }
}
