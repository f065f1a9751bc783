package dev.widekey.runtime.value;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.ForwardingStore;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.TestRows;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link LargeValues#read} of a chunked value while another client rewrites the row: it returns the
 * old value, the new one, or nothing if the row went, never a mix of the two.
 */
class TornChunkedReadTest {
  private static final int MB = 1024 * 1024;

  /** Rewrites the row once, right after the first read of it. */
  static final class RewritingStore extends ForwardingStore {
    private final EmbeddedStore embedded;
    private Runnable afterFirstRead;
    final List<ColumnSelection> reads = new ArrayList<>();

    RewritingStore(EmbeddedStore embedded) {
      super(embedded);
      this.embedded = embedded;
    }

    @Override
    public Optional<Row> get(String table, PrimaryKey key, ColumnSelection columns) {
      reads.add(columns);
      Optional<Row> row = super.get(table, key, columns);
      Runnable action = afterFirstRead;
      afterFirstRead = null;
      if (action != null) {
        action.run();
      }
      return row;
    }
  }

  private EmbeddedStore embedded;
  private RewritingStore store;

  @BeforeEach
  void open() {
    embedded = EmbeddedStore.inMemory();
    embedded.createTable(TestRows.table("pages", 10, 1));
    store = new RewritingStore(embedded);
  }

  @AfterEach
  void close() {
    embedded.close();
  }

  private void write(String body) {
    Row row = Row.of(TestRows.key(1), Map.of("title", AttrValue.ofString("t")));
    if (body != null) {
      row =
          Row.of(
              TestRows.key(1),
              Map.of("title", AttrValue.ofString("t"), "body", AttrValue.ofString(body)));
    }
    embedded.put("pages", LargeValues.chunk(row, embedded.limits()));
  }

  private void check(String before, String after) {
    write(before);
    store.afterFirstRead = () -> write(after);
    Optional<AttrValue> read = LargeValues.read(store, "pages", TestRows.key(1), "body");
    String got = read.map(AttrValue::asString).orElse(null);
    Supplier<String> what =
        () ->
            "read "
                + (got == null ? "nothing" : got.length() + " chars starting " + got.charAt(0))
                + " while "
                + describe(before)
                + " was rewritten as "
                + describe(after);
    assertTrue(equal(got, before) || equal(got, after), what);
  }

  private static boolean equal(String a, String b) {
    return a == null ? b == null : a.equals(b);
  }

  private static String describe(String s) {
    return s == null ? "nothing" : s.length() + " chars of " + s.charAt(0);
  }

  @Test
  void aRewriteBetweenTheReadsNeverMixesTwoValues() {
    String two = "a".repeat(3 * MB); // 2 chunks
    String three = "b".repeat(5 * MB); // 3 chunks
    String small = "c";
    check(two, three);
    check(three, two);
    check(two, small);
    check(small, two);
    check(two, null);
    check(null, two);
    check(three, "d".repeat(5 * MB));
  }
}
