package dev.widekey.runtime.store.embedded;

import java.util.Arrays;

/**
 * The attribute names a table's rows decoded to before, by their place in the row: the rows of a
 * table mostly hold the same columns in the same order, so a name that matches the bytes at its
 * place is the same {@code String} again, neither decoded nor allocated per row. Shared names also
 * make a caller's column lookups touch memory every processor has cached, rather than strings that
 * another thread has just written (rows decoded by a merge's read-ahead). Safe without locks: the
 * places are replaced whole and each entry is immutable; a thread that sees an old or missing entry
 * decodes the name.
 */
final class ColumnNames {
  /** Places remembered; names further in a row are decoded each time. */
  private static final int PLACES = 64;

  private record Name(byte[] utf8, String text) {}

  private Name[] places = new Name[0];

  /** The name at {@code place} of a row if it is {@code buf[from, from + length)}, else null. */
  String known(int place, byte[] buf, int from, int length) {
    Name[] snapshot = places;
    if (place < snapshot.length) {
      Name n = snapshot[place];
      if (n != null
          && n.utf8().length == length
          && Arrays.equals(n.utf8(), 0, length, buf, from, from + length)) {
        return n.text();
      }
    }
    return null;
  }

  /** Remembers {@code text}, decoded from {@code buf[from, from + length)}, at {@code place}. */
  void remember(int place, byte[] buf, int from, int length, String text) {
    if (place >= PLACES) {
      return;
    }
    Name[] next = Arrays.copyOf(places, Math.max(places.length, place + 1));
    next[place] = new Name(Arrays.copyOfRange(buf, from, from + length), text);
    places = next;
  }
}
