package dev.widekey.store.hbase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.core.store.PkType;
import dev.widekey.runtime.retry.RetryPolicy;
import dev.widekey.runtime.retry.RetryingStore;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TableSpec;
import java.io.IOException;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.Supplier;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.NotServingRegionException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

/**
 * A scan that skips malformed rows, resumed by a {@link RetryingStore} after a retryable failure,
 * reports each skipped row once. Runs on a scripted connection, no cluster: the rows are served
 * from a list, and the first scanner fails after the rows it is told to return.
 */
class SkippedRowsResumedTest {
  private static final TableSpec SPEC =
      new TableSpec("t", List.of(new PkColumn("s", PkType.STRING)));

  private static final int[] SCANNERS = {0};

  private static Result row(byte[] key) {
    byte[] marker = RowMarker.encode(new byte[0][]);
    return Result.create(
        List.of(new KeyValue(key, HBaseStore.FAMILY_BYTES, RowMarker.QUALIFIER, marker)));
  }

  private static byte[] key(String s) {
    return dev.widekey.runtime.store.OrderedKeyBytes.encode(PrimaryKey.of(PkValue.ofString(s)));
  }

  /** A connection serving {@code rows}; the first scanner fails after {@code failAfter} of them. */
  private static Connection scripted(List<Result> rows, int failAfter) {
    return scripted(rows, failAfter, () -> new NotServingRegionException("moved"), SCANNERS);
  }

  /**
   * A connection serving {@code rows}; the first scanner fails with {@code failure} after {@code
   * failAfter} of them; {@code scanners} counts the scanners opened.
   */
  private static Connection scripted(
      List<Result> rows, int failAfter, Supplier<IOException> failure, int[] scanners) {
    TableDescriptorBuilder b =
        TableDescriptorBuilder.newBuilder(TableName.valueOf("default", "t"))
            .setColumnFamily(
                ColumnFamilyDescriptorBuilder.newBuilder(HBaseStore.FAMILY_BYTES)
                    .setNewVersionBehavior(true)
                    .build());
    TableMetadata.write(SPEC, b);
    TableDescriptor descriptor = b.build();
    Admin admin =
        proxy(
            Admin.class,
            (m, a) ->
                switch (m) {
                  case "getDescriptor" -> descriptor;
                  case "close" -> null;
                  default -> throw new UnsupportedOperationException(m);
                });
    Table table =
        proxy(
            Table.class,
            (m, a) ->
                switch (m) {
                  case "getScanner" ->
                      scanner((Scan) a[0], rows, scanners[0]++ == 0 ? failAfter : -1, failure);
                  case "close" -> null;
                  default -> throw new UnsupportedOperationException(m);
                });
    return proxy(
        Connection.class,
        (m, a) ->
            switch (m) {
              case "getConfiguration" -> HBaseConfiguration.create();
              case "getAdmin" -> admin;
              case "getTable" -> table;
              case "close", "isClosed" -> m.equals("isClosed") ? false : null;
              default -> throw new UnsupportedOperationException(m);
            });
  }

  private static ResultScanner scanner(
      Scan scan, List<Result> rows, int failAfter, Supplier<IOException> failure) {
    Iterator<Result> it =
        rows.stream()
            .filter(
                r -> {
                  int c = Bytes.compareTo(r.getRow(), scan.getStartRow());
                  return scan.includeStartRow() ? c >= 0 : c > 0;
                })
            .iterator();
    int[] served = {0};
    return proxy(
        ResultScanner.class,
        (m, a) -> {
          switch (m) {
            case "next":
              if (failAfter >= 0 && served[0] == failAfter) {
                throw failure.get();
              }
              served[0]++;
              return it.hasNext() ? it.next() : null;
            case "close":
              return null;
            default:
              throw new UnsupportedOperationException(m);
          }
        });
  }

  interface Answer {
    Object answer(String method, Object[] args) throws Throwable;
  }

  private static <T> T proxy(Class<T> type, Answer answer) {
    return type.cast(
        Proxy.newProxyInstance(
            type.getClassLoader(),
            new Class<?>[] {type},
            (p, m, a) -> {
              if (m.getName().equals("toString")) {
                return type.getSimpleName();
              }
              return answer.answer(m.getName(), a);
            }));
  }

  @Test
  void aSkippedRowAfterTheLastRowReturnedIsReportedOnceWhenTheScanResumes() {
    // a, then a malformed row, then a retryable failure before b: the scan resumes after a
    List<Result> rows =
        List.of(row(key("a")), row(Bytes.add(key("a"), new byte[] {7})), row(key("b")));
    List<StoreException> skipped = new ArrayList<>();
    HBaseStore store =
        HBaseStore.using(scripted(rows, 2), "default").skippingMalformedRows(skipped::add);
    RetryPolicy policy =
        RetryPolicy.builder()
            .maxAttempts(3)
            .baseDelay(Duration.ofMillis(1))
            .maxDelay(Duration.ofMillis(1))
            .build();
    // the malformed key sorts between a and b, so the resumed scan reads it again
    assertTrue(Bytes.compareTo(key("a"), rows.get(1).getRow()) < 0);
    assertTrue(Bytes.compareTo(rows.get(1).getRow(), key("b")) < 0);
    List<Row> got = new RetryingStore(store, policy).scan("t", ScanRange.all(1)).toList();
    assertEquals(
        List.of(PrimaryKey.of(PkValue.ofString("a")), PrimaryKey.of(PkValue.ofString("b"))),
        got.stream().map(Row::key).toList());
    assertEquals(2, SCANNERS[0], "the scan was resumed once");
    assertEquals(1, skipped.size(), skipped.toString());
  }

  /**
   * The scan fails for good (a failure no retry passes) after reading past a malformed row and
   * before returning another: nothing will read that row again, so it is reported before the error
   * goes up, through a retrying store too.
   */
  @Test
  void aSkippedRowIsReportedWhenTheScanFailsForGoodBeforeReturningAnotherRow() {
    List<Result> rows =
        List.of(row(key("a")), row(Bytes.add(key("a"), new byte[] {7})), row(key("b")));
    List<StoreException> skipped = new ArrayList<>();
    HBaseStore store =
        HBaseStore.using(
                scripted(rows, 2, () -> new DoNotRetryIOException("gone"), new int[1]), "default")
            .skippingMalformedRows(skipped::add);
    RetryPolicy policy =
        RetryPolicy.builder()
            .maxAttempts(3)
            .baseDelay(Duration.ofMillis(1))
            .maxDelay(Duration.ofMillis(1))
            .build();
    List<Row> got = new ArrayList<>();
    StoreException e =
        assertThrows(
            StoreException.class,
            () -> new RetryingStore(store, policy).scan("t", ScanRange.all(1)).forEach(got::add));
    assertFalse(e.retryable(), e::getMessage);
    assertEquals(
        List.of(PrimaryKey.of(PkValue.ofString("a"))), got.stream().map(Row::key).toList());
    assertEquals(1, skipped.size(), "the malformed row is reported: " + skipped);
    assertEquals(ErrorKind.CORRUPT_DATA, skipped.get(0).kind());
  }

  /**
   * A retryable failure the caller does not retry: the malformed row read past rides on the error
   * (a resumed scan would read and report it again), so it is not lost either.
   */
  @Test
  void aSkippedRowRidesOnARetryableFailureThatIsNotRetried() {
    List<Result> rows =
        List.of(row(key("a")), row(Bytes.add(key("a"), new byte[] {7})), row(key("b")));
    List<StoreException> skipped = new ArrayList<>();
    HBaseStore store =
        HBaseStore.using(
                scripted(rows, 2, () -> new NotServingRegionException("moved"), new int[1]),
                "default")
            .skippingMalformedRows(skipped::add);
    StoreException e =
        assertThrows(
            StoreException.class, () -> store.scan("t", ScanRange.all(1)).forEach(r -> {}));
    assertTrue(e.retryable(), e::getMessage);
    assertEquals(List.of(), skipped, "reported once a resumed scan reads past it again");
    assertEquals(1, e.getSuppressed().length, e::toString);
    assertEquals(ErrorKind.CORRUPT_DATA, ((StoreException) e.getSuppressed()[0]).kind());
  }
}
