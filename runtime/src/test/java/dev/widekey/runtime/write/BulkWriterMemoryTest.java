package dev.widekey.runtime.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.ForwardingStore;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TestRows;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.WriteOutcome;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The writer's memory is bounded by bytes, not only by operations: with large rows and a slow
 * store, the rows read and unfinished stay within the byte window; failures keep no row.
 */
class BulkWriterMemoryTest {
  private static final int ROW_BYTES = 20_000;

  private EmbeddedStore embedded;

  @BeforeEach
  void open() {
    embedded = EmbeddedStore.inMemory();
    embedded.createTable(TestRows.table("t", 100_000, 1));
  }

  @AfterEach
  void close() {
    embedded.close();
  }

  private static WriteOp bigPut(long id) {
    return WriteOp.put(
        "t", Row.of(TestRows.key(id), Map.of("blob", AttrValue.ofBinary(new byte[ROW_BYTES]))));
  }

  /** An endless input counting what was read. */
  private static Iterator<WriteOp> counting(AtomicLong read, long rows) {
    return new Iterator<>() {
      @Override
      public boolean hasNext() {
        return read.get() < rows;
      }

      @Override
      public WriteOp next() {
        return bigPut(read.getAndIncrement());
      }
    };
  }

  @Test
  void aSlowStoreHoldsTheReaderWithinTheByteWindow() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    ForwardingStore slow =
        new ForwardingStore(embedded) {
          @Override
          public List<WriteOutcome> batchWrite(List<WriteOp> ops) {
            try {
              release.await();
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
            return super.batchWrite(ops);
          }
        };
    BulkWriter writer = BulkWriter.builder(slow).workers(2).build();
    // the operation window alone (2 workers * 200 rows * 8) would let 3,200 rows of 20 KB in
    assertEquals(3_200, writer.window());
    assertEquals(2 * 2 * slow.limits().maxBatchBytes(), writer.windowBytes());
    AtomicLong read = new AtomicLong();
    Thread importer = new Thread(() -> writer.write(counting(read, 5_000)));
    importer.start();
    long last = -1;
    while (read.get() != last) { // until the reader stops: the window is full
      last = read.get();
      Thread.sleep(200);
    }
    long held = read.get() * bigPut(0).sizeInBytes();
    assertTrue(
        held <= writer.windowBytes() + bigPut(0).sizeInBytes(),
        read.get() + " rows read and unfinished, " + held + " bytes");
    release.countDown();
    importer.join(TimeUnit.MINUTES.toMillis(1));
    assertEquals(5_000, read.get());
    assertEquals(5_000, embedded.scan("t", dev.widekey.runtime.store.ScanRange.all(1)).count());
  }

  @Test
  void aByteWindowCanBeSetAndAGroupLargerThanItStillPasses() {
    BulkWriter writer = BulkWriter.builder(embedded).windowBytes(ROW_BYTES).build();
    assertEquals(ROW_BYTES, writer.windowBytes());
    BulkWriteResult r =
        writer.writeGroups(
            java.util.stream.LongStream.range(0, 50)
                .mapToObj(i -> WriteGroup.of(bigPut(2 * i), bigPut(2 * i + 1))));
    assertTrue(r.allAcknowledged(), r.toString());
  }

  @Test
  void failuresKeepTableKeyAndSizeNotTheRowAndTheResultPrintsShort() {
    ForwardingStore refusing =
        new ForwardingStore(embedded) {
          @Override
          public List<WriteOutcome> batchWrite(List<WriteOp> ops) {
            return ops.stream()
                .map(
                    op ->
                        WriteOutcome.failed(
                            op, new StoreException(ErrorKind.INVALID_REQUEST, "refused")))
                .toList();
          }
        };
    BulkWriteResult r =
        BulkWriter.of(refusing)
            .write(java.util.stream.LongStream.range(0, 10_000).mapToObj(i -> bigPut(i)));
    assertEquals(10_000, r.failed());
    assertEquals(10_000, r.failures().size());
    BulkWriteFailure f = r.failures().get(0);
    assertEquals("t", f.table());
    assertEquals(bigPut(0).sizeInBytes(), f.bytes());
    assertEquals(f.position(), f.key().get(0).asLong());
    String shown = r.toString();
    assertTrue(shown.length() < 2_000, shown.length() + " chars");
    assertTrue(shown.contains("10000 failed"), shown);
    assertFalse(f.toString().contains("0".repeat(100)), f.toString());
  }
}
