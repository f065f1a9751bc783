package dev.widekey.processor.report;

import dev.widekey.core.key.BucketCounts;
import dev.widekey.core.layout.ColumnSource;
import dev.widekey.core.layout.KeyColumnLayout;
import dev.widekey.core.layout.KeyPartLayout;
import java.util.ArrayList;
import java.util.List;

/**
 * A primary-key column's segments in stored order: a text column's hash prefix or bucket, then each
 * component with the delimiter between them; a component column's one value; the write tag, part
 * number or reference of a column widekey fills.
 *
 * <pre>{@code
 * KeySegments.of(orders.key().get(0)); // [hash MD5 width 4, value orderNumber LONG]
 * }</pre>
 */
public final class KeySegments {
  private KeySegments() {}

  /** The column's segments, in the order their text or bytes are stored. */
  public static List<KeySegment> of(KeyColumnLayout column) {
    List<KeySegment> segments = new ArrayList<>();
    switch (column.source()) {
      case WRITE_TAG -> segments.add(filled("tag", "write tag", column));
      case CHUNK_PART -> segments.add(filled("chunk-part", "part number", column));
      case INDEX_REF -> segments.add(filled("ref", "hot row's key and tag", column));
      case COMPONENT, TEXT -> {
        if (column.hash() != null) {
          segments.add(
              new KeySegment(
                  "hash",
                  column.hash().algorithm(),
                  "HEX",
                  column.hash().length(),
                  List.of(),
                  column.hash().length()
                      + " hex digits of the "
                      + column.hash().algorithm()
                      + " digest of "
                      + (column.hash().covers() == null
                          ? "the text after it"
                          : column.hash().covers())));
        }
        if (column.buckets() != null) {
          int count = column.buckets().count();
          segments.add(
              new KeySegment(
                  "bucket",
                  "bucket",
                  "DIGITS",
                  BucketCounts.width(count),
                  List.of(),
                  "one of "
                      + count
                      + " buckets, "
                      + BucketCounts.text(0, count)
                      + " to "
                      + BucketCounts.text(count - 1, count)
                      + ", picked by "
                      + column.buckets().component()));
        }
        for (int i = 0; i < column.parts().size(); i++) {
          if (i > 0) {
            String d = String.valueOf(column.delimiter());
            segments.add(
                new KeySegment("delimiter", d, "CHAR", 1, List.of(), "splices the components"));
          }
          segments.add(value(column, column.parts().get(i)));
        }
      }
    }
    return segments;
  }

  /**
   * The column's segments in one line for a reader, as the generated {@code FooKeys} Javadoc states
   * them: {@code MD5 (4 hex digits of the MD5 digest of the text after it), then orderNumber (LONG,
   * decimal text, unpadded)}.
   */
  public static String describe(KeyColumnLayout column) {
    List<String> pieces = new ArrayList<>();
    for (KeySegment s : of(column)) {
      if (s.part().equals("delimiter")) {
        pieces.add("'" + s.label() + "'");
      } else {
        String what = s.part().equals("value") ? s.kind() : "";
        String detail = String.join(", ", nonEmpty(what, s.detail()));
        pieces.add(detail.isEmpty() ? s.label() : s.label() + " (" + detail + ")");
      }
    }
    return String.join(", then ", pieces);
  }

  private static List<String> nonEmpty(String... texts) {
    List<String> out = new ArrayList<>();
    for (String t : texts) {
      if (!t.isEmpty()) {
        out.add(t);
      }
    }
    return out;
  }

  /**
   * The width of the column's leading hash prefix or bucket in characters, 0 when it has neither:
   * where a report marks the prefix within an example key.
   */
  public static int prefixWidth(KeyColumnLayout column) {
    if (column.hash() != null) {
      return column.hash().length();
    }
    return column.buckets() == null ? 0 : BucketCounts.width(column.buckets().count());
  }

  private static KeySegment filled(String part, String label, KeyColumnLayout column) {
    return new KeySegment(part, label, column.type().name(), 0, List.of(), "filled by widekey");
  }

  private static KeySegment value(KeyColumnLayout column, KeyPartLayout p) {
    List<String> traits = new ArrayList<>();
    List<String> detail = new ArrayList<>();
    boolean number = !List.of("STRING", "UUID", "ENUM", "BYTES").contains(p.kind());
    if (number && p.padWidth() == 0 && column.source() == ColumnSource.TEXT) {
      detail.add("decimal text, unpadded");
    }
    if (p.padWidth() > 0) {
      traits.add("padded");
      detail.add("padded to " + p.padWidth() + " digits");
      if (p.padSigned()) {
        traits.add("signed");
        detail.add("signed");
      }
    }
    if (p.reversed()) {
      traits.add("reversed");
      detail.add("text reversed");
    }
    if (p.alphabet() != null) {
      traits.add("alphabet");
      detail.add("alphabet " + p.alphabet());
    }
    if (p.maxLength() > 0) {
      traits.add("max-length");
      detail.add("at most " + p.maxLength() + " characters");
    }
    if (column.descending()) {
      traits.add("descending");
      detail.add("stored as its complement: newest first");
    }
    if (p.truncated()) {
      traits.add("truncated");
      detail.add("truncated to milliseconds");
    }
    if (column.source() != ColumnSource.TEXT) {
      detail.add("stored as " + column.type());
    }
    return new KeySegment(
        "value", p.name(), p.kind(), p.padWidth(), traits, String.join(", ", detail));
  }
}
