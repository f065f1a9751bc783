package dev.widekey.store.tck.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.widekey.core.store.PkType;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ForwardingStore;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.WriteOutcome;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import dev.widekey.runtime.write.BulkWriteResult;
import dev.widekey.runtime.write.BulkWriter;
import java.io.BufferedReader;
import java.io.Reader;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.Function;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;

/**
 * An input of unknown size read with {@code splitInput} is read ahead no further than the writer's
 * window: three million lines of a {@link BufferedReader#lines()} stream are written in a 256 MB
 * heap (the store TCK's small-heap execution). Before, splitting the stream into 64 pieces read
 * about two million lines into arrays first, and ran out of memory before the first write.
 */
@SmallHeap
class SplitUnsizedInputSmallHeapTest {
  private static final int LINES = 3_000_000;
  private static final String PADDING = "x".repeat(120);

  @Test
  void aSplitLineStreamIsWrittenWithinTheWindow() {
    writesWithinTheWindow(BufferedReader::lines);
  }

  /**
   * The same lines with their count known: a sized stream over an iterator splits by copying too.
   */
  @Test
  void aSplitSizedStreamOverAnIteratorIsWrittenWithinTheWindow() {
    writesWithinTheWindow(
        reader ->
            StreamSupport.stream(
                Spliterators.spliterator(
                    reader.lines().iterator(), LINES, Spliterator.ORDERED | Spliterator.NONNULL),
                false));
  }

  private static void writesWithinTheWindow(Function<BufferedReader, Stream<String>> lines) {
    // -Dtest=... runs it in the default execution too, whose heap proves nothing
    assumeTrue(
        Runtime.getRuntime().maxMemory() <= 300L << 20,
        "runs in the small-heap execution, not in "
            + (Runtime.getRuntime().maxMemory() >> 20)
            + " MB");
    BitSet written = new BitSet(LINES);
    int[] twice = {0};
    try (EmbeddedStore embedded = EmbeddedStore.inMemory()) {
      embedded.createTable(
          new TableSpec("t", List.of(new PkColumn("id", PkType.INTEGER)), List.of()));
      // counts the rows instead of storing them: only the writer's memory is under test
      WideTableStore counting =
          new ForwardingStore(embedded) {
            @Override
            public List<WriteOutcome> batchWrite(List<WriteOp> ops) {
              List<WriteOutcome> outcomes = new ArrayList<>(ops.size());
              synchronized (written) {
                for (WriteOp op : ops) {
                  int id = (int) op.key().get(0).asLong();
                  if (written.get(id)) {
                    twice[0]++;
                  }
                  written.set(id);
                  outcomes.add(WriteOutcome.applied(op));
                }
              }
              return outcomes;
            }
          };
      try (BufferedReader reader = new BufferedReader(new GeneratedLines(LINES))) {
        Stream<WriteOp> ops =
            lines
                .apply(reader)
                .map(line -> Long.parseLong(line.substring(0, line.indexOf(','))))
                .map(
                    id ->
                        WriteOp.put(
                            "t",
                            Row.of(
                                PrimaryKey.of(PkValue.ofInteger(id)),
                                Map.of("v", AttrValue.ofInteger(id)))));
        BulkWriteResult r =
            BulkWriter.builder(counting).workers(2).splitInput(64).seed(19).build().write(ops);
        assertEquals(LINES, r.total());
        assertTrue(r.allAcknowledged());
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    }
    assertEquals(0, twice[0], "rows written twice");
    assertEquals(LINES, written.cardinality());
  }

  /** Lines {@code "<i>,xxx…"} for i in [0, lines), generated as they are read. */
  private static final class GeneratedLines extends Reader {
    private final int lines;
    private int next;
    private String line = "";
    private int at;

    GeneratedLines(int lines) {
      this.lines = lines;
    }

    @Override
    public int read(char[] buf, int off, int len) {
      if (at == line.length()) {
        if (next == lines) {
          return -1;
        }
        line = next++ + "," + PADDING + "\n";
        at = 0;
      }
      int n = Math.min(len, line.length() - at);
      line.getChars(at, at + n, buf, off);
      at += n;
      return n;
    }

    @Override
    public void close() {}
  }
}
