package dev.widekey.runtime.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.annotations.Profile;
import dev.widekey.core.store.PkType;
import dev.widekey.runtime.key.KeyBuckets;
import dev.widekey.runtime.key.Padding;
import dev.widekey.runtime.query.InvalidContinuationException;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A merge is never resumed at a position outside its sources' ranges: no read of the merge returns
 * one, so it is another merge's (or forged), and is refused with the typed error before anything is
 * read, rather than restarting the position's own source past its range's bound (which returned
 * rows outside the range). A range's rest ({@link ScanRange#after}) still stays within its bounds.
 */
class MergeContinuationBoundsTest {

  private static final KeyBuckets BUCKETS = new KeyBuckets(8).withPaddedNumber(19, true);

  @Test
  void aPositionBelowOrAboveTheRangeIsRefused() {
    for (boolean backward : new boolean[] {false, true}) {
      for (long last : new long[] {5, 1999}) {
        InvalidContinuationException e =
            assertThrows(InvalidContinuationException.class, () -> resume(backward, last));
        assertTrue(e.getMessage().contains("outside the range"), e::getMessage);
      }
    }
  }

  @Test
  void aPositionInTheRangeResumesAfterIt() {
    assertEquals(LongStream.range(1021, 1050).boxed().toList(), resume(false, 1020));
    assertEquals(
        LongStream.range(1000, 1020).map(v -> 2019 - v).boxed().toList(), resume(true, 1020));
  }

  @Test
  void theRestOfARangeStaysWithinItsBounds() {
    ScanRange range = ScanRange.between(key(10), key(20));
    assertEquals(range, range.after(key(5)));
    assertEquals(range.withStart(key(12)), range.after(key(12)));
    assertEquals(range.withStart(key(20)), range.after(key(25)));
    ScanRange back = range.backward();
    assertEquals(back, back.after(key(25)));
    assertEquals(back.withEnd(key(12)), back.after(key(12)));
    assertEquals(back.withEnd(key(10)), back.after(key(5)));
  }

  private static PrimaryKey key(long v) {
    return PrimaryKey.of(PkValue.ofInteger(v));
  }

  private static PrimaryKey stored(long v) {
    return PrimaryKey.of(
        PkValue.ofString(BUCKETS.text(BUCKETS.ofNumber(v)) + Padding.encode("v", v, 19, true)));
  }

  private static List<Long> resume(boolean backward, long last) {
    try (EmbeddedStore store = EmbeddedStore.inMemory()) {
      store.createTable(
          new TableSpec(
                  "t",
                  List.of(new PkColumn("k", PkType.STRING)),
                  BUCKETS.splitPoints(8).stream().map(PkValue::ofString).toList())
              .withProfile(Profile.HBASE));
      List<WriteOp> ops = new ArrayList<>();
      for (long v = 0; v < 2000; v++) {
        ops.add(WriteOp.put("t", Row.of(stored(v), Map.of("v", AttrValue.ofInteger(v)))));
      }
      for (int i = 0; i < ops.size(); i += 200) {
        store.batchWrite(ops.subList(i, i + 200));
      }
      List<ScanRange> ranges =
          BUCKETS.between(
              Padding.encode("v", 1000, 19, true), Padding.encode("v", 1050, 19, true), 1);
      List<MergeSource> sources = new ArrayList<>();
      for (int b = 0; b < ranges.size(); b++) {
        int bucket = b;
        ScanRange range = backward ? ranges.get(b).backward() : ranges.get(b);
        sources.add(new MergeSource(store, "t", range, k -> BUCKETS.inBucket(k, bucket)));
      }
      MergedScan merge =
          MergedScan.of(
                  sources, backward ? BUCKETS.logicalOrder().reversed() : BUCKETS.logicalOrder())
              .withPageSize(16);
      PrimaryKey at = stored(last);
      try (Stream<Row> rows = merge.streamAfter(new MergePosition(BUCKETS.bucketOf(at), at))) {
        return rows.map(r -> r.get("v").asLong()).toList();
      }
    }
  }
}
