package dev.widekey.runtime.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.annotations.Profile;
import dev.widekey.core.store.PkType;
import dev.widekey.runtime.key.KeyBuckets;
import dev.widekey.runtime.key.Padding;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ForwardingStore;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A resumed merge over sources with a seek starts every source at the position's logical key: it
 * returns exactly the rows after the position, and reads only a page's worth per source, not the
 * sources from their start.
 */
class MergeSeekTest {

  @Test
  void aResumedBucketMergeStartsEveryBucketAtThePosition() {
    resume(false);
  }

  /** Newest first: each backward bucket scan ends just above the position's logical key. */
  @Test
  void aResumedBackwardBucketMergeEndsEveryBucketAtThePosition() {
    resume(true);
  }

  /** The least key above another: the successor of its last value. */
  @Test
  void justAboveIsTheSuccessorOfTheLastValue() {
    assertEquals(
        PrimaryKey.of(PkValue.ofString("a"), PkValue.ofString("b\0")),
        MergedScan.justAbove(PrimaryKey.of(PkValue.ofString("a"), PkValue.ofString("b"))));
    assertEquals(
        PrimaryKey.of(PkValue.ofInteger(8)),
        MergedScan.justAbove(PrimaryKey.of(PkValue.ofInteger(7))));
    assertEquals(
        PrimaryKey.of(PkValue.INF_MAX),
        MergedScan.justAbove(PrimaryKey.of(PkValue.ofInteger(Long.MAX_VALUE))));
  }

  private static void resume(boolean backward) {
    KeyBuckets buckets = new KeyBuckets(8).withPaddedNumber(19, true);
    AtomicLong rowsRead = new AtomicLong();
    try (EmbeddedStore embedded = EmbeddedStore.inMemory()) {
      WideTableStore store =
          new ForwardingStore(embedded) {
            @Override
            public Stream<Row> scan(String table, ScanRange range) {
              return super.scan(table, range).peek(r -> rowsRead.incrementAndGet());
            }
          };
      store.createTable(
          new TableSpec(
                  "t",
                  List.of(new PkColumn("k", PkType.STRING)),
                  buckets.splitPoints(8).stream().map(PkValue::ofString).toList())
              .withProfile(Profile.HBASE));
      List<WriteOp> ops = new ArrayList<>();
      for (long v = 0; v < 4000; v++) {
        ops.add(
            WriteOp.put(
                "t",
                Row.of(
                    PrimaryKey.of(
                        PkValue.ofString(
                            buckets.text(buckets.ofNumber(v)) + Padding.encode("v", v, 19, true))),
                    Map.of("v", AttrValue.ofInteger(v)))));
      }
      for (int i = 0; i < ops.size(); i += 200) {
        store.batchWrite(ops.subList(i, i + 200));
      }
      List<MergeSource> sources = new ArrayList<>();
      List<ScanRange> ranges = buckets.all(1);
      for (int b = 0; b < ranges.size(); b++) {
        int bucket = b;
        ScanRange range = backward ? ranges.get(b).backward() : ranges.get(b);
        sources.add(new MergeSource(store, "t", range, k -> buckets.inBucket(k, bucket)));
      }
      MergedScan merge =
          MergedScan.of(
                  sources, backward ? buckets.logicalOrder().reversed() : buckets.logicalOrder())
              .withSortPrefix(
                  backward ? k -> ~buckets.sortPrefix().applyAsLong(k) : buckets.sortPrefix())
              .withPageSize(16)
              .withLimit(10);
      PrimaryKey at =
          PrimaryKey.of(
              PkValue.ofString(
                  buckets.text(buckets.ofNumber(3500)) + Padding.encode("v", 3500, 19, true)));
      rowsRead.set(0);
      List<Long> after;
      try (Stream<Row> rows = merge.streamAfter(new MergePosition(buckets.bucketOf(at), at))) {
        after = rows.map(r -> r.get("v").asLong()).toList();
      }
      assertEquals(
          backward
              ? List.of(3499L, 3498L, 3497L, 3496L, 3495L, 3494L, 3493L, 3492L, 3491L, 3490L)
              : List.of(3501L, 3502L, 3503L, 3504L, 3505L, 3506L, 3507L, 3508L, 3509L, 3510L),
          after);
      // at most a page (and the re-read first row) per bucket, not the rows before the position
      assertTrue(rowsRead.get() <= 8 * 17, "rows read: " + rowsRead.get());
    }
  }
}
