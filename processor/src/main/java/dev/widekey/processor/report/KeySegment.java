package dev.widekey.processor.report;

import java.util.List;

/**
 * One segment of a primary-key column as stored, in order: what a report draws as one piece of the
 * column's bar.
 *
 * @param part what the segment is: {@code hash} (a hash prefix), {@code bucket}, {@code value} (a
 *     key component), {@code delimiter}, {@code tag} (a write tag), {@code chunk-part} or {@code
 *     ref} (an index row's reference)
 * @param label what it holds, for a reader: a component's name, {@code MD5}, the delimiter
 * @param kind the component's kind ({@code LONG}, {@code STRING}, …) or the stored type of a column
 *     widekey fills
 * @param width its fixed width in characters (hex digits, bucket digits, padding), or 0 when it
 *     varies or is no text
 * @param traits how a value is encoded, as stable words: {@code padded}, {@code signed}, {@code
 *     reversed}, {@code alphabet}, {@code max-length}, {@code descending}, {@code truncated}
 * @param detail the traits spelt out for a reader ({@code padded to 8 digits}, {@code alphabet
 *     a-z0-9}); empty when there is nothing to add
 */
public record KeySegment(
    String part, String label, String kind, int width, List<String> traits, String detail) {
  public KeySegment {
    traits = List.copyOf(traits);
  }
}
