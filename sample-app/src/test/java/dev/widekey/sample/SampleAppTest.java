package dev.widekey.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs the sample program on the embedded store and checks what it shows. */
class SampleAppTest {

  @Test
  void sampleShowsTheSeedDesignsWorking() throws Exception {
    String output = run();

    // spliced key: listed in the store's order, which is the original numeric/lexicographic order
    List<String> deviceRows =
        output.lines().filter(l -> l.trim().startsWith("[\"000")).map(String::trim).toList();
    assertEquals(
        List.of(
            "[\"000016,a100,C0\", 1]",
            "[\"000054,a100,C1\", 1]",
            "[\"000054,a1001,C2\", 1]",
            "[\"000167,a100,C3\", 1]",
            "[\"000540,a1,C9\", 1]"),
        deviceRows,
        output);
    // the prefix scan of device 54 stops before 540
    assertTrue(
        output.contains("device 54 seller a100 card C1\n  device 54 seller a1001 card C2\n\n"),
        output);

    // hash prefix: real MD5 digits of the order number's text
    for (long n = 200001; n <= 200004; n++) {
      String expected = md5Hex(Long.toString(n)).substring(0, 4) + n;
      assertTrue(output.contains("order " + n + " is stored under key " + expected), expected);
    }
    assertTrue(output.contains("797e200004"), "md5(\"200004\") starts with 797e");
    // the index by card gives back the per-card reads the hash prefix took away
    List<String> late = new java.util.ArrayList<>();
    for (long n = 200104; n <= 200160; n += 4) {
      late.add(Long.toString(n));
    }
    assertTrue(
        output.contains(
            "orders placed from 2026-11-22T08:01:40Z on: [" + String.join(", ", late) + "]"),
        output);
    assertTrue(
        output.contains("pages of 5: [200004, 200008, 200012, 200016, 200020], then from a"),
        output);
    assertTrue(output.contains("token [200024, 200028, 200032, 200036, 200040]"), output);
    assertTrue(output.contains("card C0FFEE02 has 40 orders"), output);
    assertTrue(
        output.contains("alipay orders with id > a0089: [a0090, a0091, a0092, zz100]"), output);

    // hot/cold split and compression
    assertTrue(output.contains("description null (cold table not read)"), output);
    assertTrue(output.contains("restored exactly"), output);
    assertTrue(output.contains("price 5.32 is stored as 532 minor units"), output);

    // bad input is refused with its rule and nothing is written
    assertTrue(output.contains("refused: WK105: field 'sellerId'"), output);
    assertTrue(output.contains("refused: WK104: field 'deviceId'"), output);
    assertTrue(output.contains("refused: WK201: field 'amount'"), output);
    assertTrue(output.contains("rows in device_transactions before 5, after 5"), output);
  }

  @Test
  void monthlyOrderTablesKeepTwelveMonths() throws Exception {
    String output = run();

    assertTrue(
        output.contains("created ahead: [monthly_orders_2026_11, monthly_orders_2026_12]"), output);
    assertTrue(
        output.contains("16 period tables: monthly_orders_2025_09 ... monthly_orders_2026_12"),
        output);
    assertTrue(
        output.contains("order 300028 read from monthly_orders_2026_10: total 9.90"), output);
    assertTrue(
        output.contains("orders placed from 2026-09-01 until now, over 3 month tables: 6"), output);
    assertTrue(output.contains("archived monthly_orders_2025_09: 2 orders"), output);
    assertTrue(output.contains("archived monthly_orders_2025_11: 2 orders"), output);
    assertTrue(
        output.contains(
            "dropped after archiving: [monthly_orders_2025_09, monthly_orders_2025_10,"
                + " monthly_orders_2025_11]"),
        output);
    assertTrue(
        output.contains("13 period tables kept: monthly_orders_2025_12 ... monthly_orders_2026_12"),
        output);
  }

  @Test
  void hashPrefixSpreadsSequentialOrdersOverAllPartitions() throws Exception {
    String output = run();
    String line =
        output.lines().filter(l -> l.contains("writes per partition")).findFirst().orElseThrow();
    long[] writes =
        java.util.Arrays.stream(line.substring(line.indexOf(':') + 1).trim().split(" "))
            .mapToLong(Long::parseLong)
            .toArray();
    // the Tablestore profile's default: 10 pre-split partitions
    assertEquals(OrderTable.SPLIT_POINTS.size() + 1, writes.length, line);
    assertEquals(10, writes.length, line);
    long max = java.util.Arrays.stream(writes).max().orElseThrow();
    long total = java.util.Arrays.stream(writes).sum();
    assertEquals(160, total, line);
    // without the prefix one partition would take all 160; with it none takes more than a fifth
    assertTrue(max <= 32, line);
  }

  @Test
  void heatmapsShowTheSequentialImportsHotStripeAndNoneUnderTheHashPrefix(@TempDir Path dir)
      throws Exception {
    String output = run(dir);
    Path sequential = dir.resolve("sequential.html");
    Path hashed = dir.resolve("hashed.html");
    assertTrue(output.contains("heatmap of the sequential import"), output);
    assertTrue(output.contains(sequential.toAbsolutePath().normalize().toString()), output);
    assertTrue(output.contains(hashed.toAbsolutePath().normalize().toString()), output);

    int partitions = OrderTable.SPLIT_POINTS.size() + 1;
    // sequential: in every window one partition (the one holding "4...") takes all the writes
    Map<Integer, Map<Integer, Long>> seq = writeCells(Files.readString(sequential));
    assertEquals(SampleApp.HEATMAP_WINDOWS, seq.size());
    for (Map<Integer, Long> window : seq.values()) {
      assertEquals(partitions, window.size());
      assertEquals((long) SampleApp.HEATMAP_WINDOW_ROWS, window.get(2), window.toString());
      assertEquals(
          SampleApp.HEATMAP_WINDOW_ROWS, window.values().stream().mapToLong(Long::longValue).sum());
    }
    // hashed: every partition takes some of every window, none a hotspot's share
    Map<Integer, Map<Integer, Long>> hash = writeCells(Files.readString(hashed));
    assertEquals(SampleApp.HEATMAP_WINDOWS, hash.size());
    double mean = (double) SampleApp.HEATMAP_WINDOW_ROWS / partitions;
    for (Map<Integer, Long> window : hash.values()) {
      assertEquals(partitions, window.size());
      assertTrue(window.values().stream().allMatch(w -> w > 0 && w < 2 * mean), window.toString());
    }
    // the text output says what each number is
    assertTrue(
        output.contains("busiest/mean of each window's writes 10.00 to 10.00 (1.00 is perfectly"),
        output);
    assertTrue(
        output.contains(
            "1 partition, 15 row writes, busiest/mean 1.00 (one partition is always 1.00"),
        output);
    assertTrue(output.contains("largest partition-key values (WK301 keeps each under 10 GB):"));
  }

  private static final Pattern WRITE_CELL =
      Pattern.compile(
          "<rect class=\"cell\" data-kind=\"write\" data-partition=\"(\\d+)\""
              + " data-window=\"(\\d+)\" data-load=\"(\\d+)\"");

  /** The write cells of a heatmap page: window, then partition, to load. */
  private static Map<Integer, Map<Integer, Long>> writeCells(String html) {
    Map<Integer, Map<Integer, Long>> cells = new TreeMap<>();
    Matcher m = WRITE_CELL.matcher(html);
    while (m.find()) {
      cells
          .computeIfAbsent(Integer.parseInt(m.group(2)), w -> new TreeMap<>())
          .put(Integer.parseInt(m.group(1)), Long.parseLong(m.group(3)));
    }
    return cells;
  }

  private static String run() {
    return run(SampleApp.HEATMAP_DIR);
  }

  private static String run(Path heatmapDir) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (WideTableStore store = EmbeddedStore.inMemory();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
      new SampleApp(store, out, heatmapDir).run();
    }
    return bytes.toString(StandardCharsets.UTF_8);
  }

  private static String md5Hex(String text) throws Exception {
    return HexFormat.of()
        .formatHex(MessageDigest.getInstance("MD5").digest(text.getBytes(StandardCharsets.UTF_8)));
  }
}
