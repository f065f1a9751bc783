package dev.widekey.store.hbase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.annotations.Profile;
import dev.widekey.core.store.PkType;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.WriteOutcome;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.commons.codec.digest.DigestUtils;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.JRE;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Rule WK102 measured on a real region server: sequential order numbers written into a table
 * pre-split into 16 regions at uniform hex boundaries. Keyed by the bare number, every write lands
 * in one region (the tail hotspot); keyed with the {@code @HashPrefix} form (the first 4 hex digits
 * of the md5 of the decimal text, then the text) the writes spread evenly.
 *
 * <p>The per-region counts come from the region servers ({@code Admin.getRegionMetrics}, through
 * {@link HBaseStore#regionLoad}); HBase counts each whole-row put as two write requests, which
 * leaves the ratios as they are. The figures are printed and written to {@code
 * target/region-balance.txt}.
 */
@ExtendWith(MiniHBase.Extension.class)
@EnabledForJreRange(max = JRE.JAVA_22, disabledReason = MiniHBase.JDK_REASON)
class RegionBalanceTest {
  /** Rows per run; {@code -Dwidekey.balance.rows=...} changes it. */
  private static final int ROWS = Integer.getInteger("widekey.balance.rows", 100_000);

  private static final int BATCH = 200;
  private static final long FIRST_ORDER = 20_000_000L;

  private static HBaseStore store;

  @BeforeAll
  static void open(HBaseStore opened) {
    store = opened;
  }

  /** "1000", "2000", ... "f000": 16 regions, one per leading hex digit. */
  private static List<PkValue> hexSplits() {
    List<PkValue> splits = new ArrayList<>();
    for (int d = 1; d < 16; d++) {
      splits.add(PkValue.ofString(Integer.toHexString(d) + "000"));
    }
    return splits;
  }

  private static String hashPrefixed(String text) {
    return DigestUtils.md5Hex(text.getBytes(StandardCharsets.UTF_8)).substring(0, 4) + text;
  }

  private static double[] write(String table, boolean prefixed) {
    // HBase's profile: 16 regions at creation (Tablestore's, the default, creates at most 10)
    store.createTable(
        new TableSpec(table, List.of(new PkColumn("order_key", PkType.STRING)), hexSplits())
            .withProfile(Profile.HBASE));
    long t0 = System.nanoTime();
    List<WriteOp> batch = new ArrayList<>(BATCH);
    for (int i = 0; i < ROWS; i++) {
      String number = Long.toString(FIRST_ORDER + i);
      String key = prefixed ? hashPrefixed(number) : number;
      batch.add(
          WriteOp.put(
              table,
              Row.of(
                  PrimaryKey.of(PkValue.ofString(key)),
                  Map.of("amount", AttrValue.ofInteger(i % 10_000)))));
      if (batch.size() == BATCH || i == ROWS - 1) {
        for (WriteOutcome o : store.batchWrite(batch)) {
          assertTrue(o.succeeded(), () -> "write failed: " + o.error().orElseThrow());
        }
        batch.clear();
      }
    }
    double seconds = (System.nanoTime() - t0) / 1e9;
    List<HBaseStore.RegionLoad> regions = store.regionLoad(table);
    assertEquals(16, regions.size(), "regions of " + table);
    double[] counts = new double[regions.size()];
    for (int i = 0; i < counts.length; i++) {
      counts[i] = regions.get(i).writeRequests();
    }
    double max = 0;
    double sum = 0;
    for (double c : counts) {
      max = Math.max(max, c);
      sum += c;
    }
    double mean = sum / counts.length;
    StringBuilder line = new StringBuilder();
    line.append(
        String.format(
            "%s: %,d sequential order numbers in batches of %d, %.1f s; per-region write"
                + " requests max/mean = %.3f (max %.0f, mean %.1f); regions:",
            prefixed ? "with @HashPrefix(4)" : "without prefix",
            ROWS,
            BATCH,
            seconds,
            max / mean,
            max,
            mean));
    for (double c : counts) {
      line.append(' ').append((long) c);
    }
    record(line.toString());
    store.deleteTable(table);
    return new double[] {max / mean, max, sum};
  }

  private static void record(String line) {
    System.out.println(line);
    try {
      Files.writeString(
          Path.of("target", "region-balance.txt"),
          line + System.lineSeparator(),
          StandardOpenOption.CREATE,
          StandardOpenOption.APPEND);
    } catch (IOException e) {
      System.err.println("could not record the figures: " + e);
    }
  }

  @Test
  void hashPrefixSpreadsSequentialKeysOverAllRegions() {
    double[] r = write("balance_hash_prefixed", true);
    assertTrue(r[0] <= 1.2, "max/mean " + r[0] + " with the hash prefix");
  }

  @Test
  void sequentialKeysWithoutPrefixLandInOneRegion() {
    double[] r = write("balance_sequential", false);
    assertEquals(r[2], r[1], "one region takes every write");
  }
}
