package dev.widekey.runtime.store.backend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.annotations.Profile;
import dev.widekey.core.RuleViolationException;
import dev.widekey.core.store.PkType;
import dev.widekey.core.store.ServiceNames;
import dev.widekey.core.store.StoreLimits;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TableSpec;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The checks every store runs: one put of a row within the put limit of the table's profile, and
 * the column rules of its profile (columns per write and per read, legal names).
 */
class ServiceChecksTest {
  private static final TableSpec PAGES =
      new TableSpec(
          "pages",
          List.of(new PkColumn("site", PkType.STRING), new PkColumn("n", PkType.INTEGER)),
          List.of(),
          Profile.TABLESTORE,
          TableSpec.NO_TTL);

  private static final PrimaryKey KEY = PrimaryKey.of(PkValue.ofString("a1"), PkValue.ofInteger(7));

  /**
   * A row of {@link #PAGES} whose put is exactly {@code bytes}: "site" and "n" (5 bytes of names),
   * "a1" and an INTEGER (10 bytes of values), then columns "a" and "b" of binary values.
   */
  private static Row rowOfPutSize(long bytes, int maxValue) {
    long left = bytes - 15 - 2; // the key, and the names "a" and "b"
    int a = (int) Math.min(maxValue, left);
    int b = (int) (left - a);
    return Row.of(
        KEY, Map.of("a", AttrValue.ofBinary(new byte[a]), "b", AttrValue.ofBinary(new byte[b])));
  }

  @Test
  void aPutCountsTheKeyColumnsNamesAndValuesAndTheAttributesNamesAndValues() {
    Row row =
        Row.of(KEY, Map.of("title", AttrValue.ofString("h\u00e9"), "v", AttrValue.ofInteger(1)));
    // "a1" + 8, "title" + 3, "v" + 8
    assertEquals(10 + 8 + 9, row.sizeInBytes());
    // and "site" and "n", as Tablestore's SDK counts a RowPutChange's data size
    assertEquals(10 + 8 + 9 + 5, row.putSizeInBytes(PAGES.primaryKey()));
  }

  @Test
  void aPutAtTheLimitPassesAndOneByteOverIsRefusedNamingTableKeySizeAndLimit() {
    StoreLimits limits = StoreLimits.of(Profile.TABLESTORE);
    long max = limits.maxPutBytes();
    Row atLimit = rowOfPutSize(max, limits.maxAttributeBytes());
    assertEquals(max, atLimit.putSizeInBytes(PAGES.primaryKey()));
    ServiceChecks.row(PAGES, atLimit, limits);

    Row over = rowOfPutSize(max + 1, limits.maxAttributeBytes());
    for (Runnable check :
        List.<Runnable>of(
            () -> ServiceChecks.row(PAGES, over, limits),
            () -> ServiceChecks.rowSize(PAGES, over, limits))) {
      StoreException e = assertThrows(StoreException.class, check::run);
      assertEquals(ErrorKind.LIMIT_EXCEEDED, e.kind());
      assertTrue(!e.retryable(), e.toString());
      String m = e.getMessage();
      assertTrue(m.contains("table pages"), m);
      assertTrue(m.contains(KEY.toString()), m);
      assertTrue(m.contains((max + 1) + " bytes"), m);
      assertTrue(m.contains("limit of " + max + " bytes"), m);
    }
    // the same row is within HBase's put
    ServiceChecks.row(PAGES.withProfile(Profile.HBASE), over, StoreLimits.of(Profile.HBASE));
  }

  private static Row rowOfColumns(int columns) {
    Map<String, AttrValue> out = new LinkedHashMap<>();
    for (int i = 0; i < columns; i++) {
      out.put("c" + i, AttrValue.ofInteger(i));
    }
    return Row.of(KEY, out);
  }

  private static ColumnSelection columnsUpTo(int columns) {
    Set<String> names = new TreeSet<>();
    for (int i = 0; i < columns; i++) {
      names.add("c" + i);
    }
    return ColumnSelection.of(names);
  }

  private static StoreException refused(ErrorKind kind, Runnable check) {
    StoreException e = assertThrows(StoreException.class, check::run);
    assertEquals(kind, e.kind(), e::getMessage);
    return e;
  }

  private static void assertMentions(StoreException e, String... parts) {
    for (String part : parts) {
      assertTrue(e.getMessage().contains(part), e.getMessage());
    }
  }

  @Test
  void aTablestoreRowHoldsUpTo1024AttributeColumnsAnHBaseRowMore() {
    StoreLimits tablestore = StoreLimits.TABLESTORE;
    ServiceChecks.row(PAGES, rowOfColumns(1024), tablestore);
    Row over = rowOfColumns(1025);
    StoreException e =
        refused(ErrorKind.LIMIT_EXCEEDED, () -> ServiceChecks.row(PAGES, over, tablestore));
    assertMentions(
        e, "table pages", KEY.toString(), "1025 attribute columns", "limit of 1024", "TABLESTORE");
    ServiceChecks.row(PAGES.withProfile(Profile.HBASE), over, StoreLimits.HBASE);
    ServiceChecks.row(PAGES.withProfile(Profile.LINDORM), over, StoreLimits.LINDORM);
  }

  @Test
  void aTablestoreColumnNameMatchesTheServicesPatternAnHBaseNameNeedNot() {
    for (String good : List.of("_", "a", "A_9", "x".repeat(255))) {
      ServiceChecks.row(
          PAGES, Row.of(KEY, Map.of(good, AttrValue.ofInteger(1))), StoreLimits.TABLESTORE);
    }
    for (String bad :
        List.of(
            "price-cents",
            "9lives",
            "caf\u00e9",
            "a b",
            "x".repeat(256),
            "log\u2028line\u202Espoof\n")) {
      Row row = Row.of(KEY, Map.of(bad, AttrValue.ofInteger(1)));
      StoreException e =
          refused(
              ErrorKind.INVALID_REQUEST,
              () -> ServiceChecks.row(PAGES, row, StoreLimits.TABLESTORE));
      assertMentions(
          e,
          "table pages",
          RuleViolationException.quote(bad),
          KEY.toString(),
          ServiceNames.PATTERN,
          "TABLESTORE");
      // a caller's column name is shown escaped: it cannot break or reorder a log line
      assertTrue(e.getMessage().chars().noneMatch(c -> c == '\n' || c == 0x2028 || c == 0x202E));
      ServiceChecks.row(PAGES.withProfile(Profile.HBASE), row, StoreLimits.HBASE);
    }
    // an empty name and an unpaired surrogate keep their own, more telling messages
    StoreException empty =
        refused(
            ErrorKind.INVALID_REQUEST,
            () ->
                ServiceChecks.row(
                    PAGES,
                    Row.of(KEY, Map.of("", AttrValue.ofInteger(1))),
                    StoreLimits.TABLESTORE));
    assertMentions(empty, "without a name");
  }

  /**
   * Tablestore refuses a GetRow, BatchGetRow or GetRange whose columns_to_get names an illegal
   * column, "Invalid column name: 'a-b'." (the SDK's ParameterLegalityTest against the service; the
   * BatchGetRow API reference), as it refuses a write of one: a read of such a name on a table of a
   * profile that keeps the service's names is refused before sending on every store, not answered
   * locally without the column.
   */
  @Test
  void aTablestoreReadSelectsOnlyLegalColumnNamesAnHBaseReadAnyName() {
    ServiceChecks.columns(PAGES, ColumnSelection.of("title", "_v2"), StoreLimits.TABLESTORE);
    for (String bad : List.of("a-b", "2nd", "price$cents", "x".repeat(256))) {
      StoreException e =
          refused(
              ErrorKind.INVALID_REQUEST,
              () ->
                  ServiceChecks.columns(
                      PAGES, ColumnSelection.of("title", bad), StoreLimits.TABLESTORE));
      assertMentions(e, "table pages", "TABLESTORE", ServiceNames.PATTERN);
    }
    ServiceChecks.columns(
        PAGES.withProfile(Profile.HBASE), ColumnSelection.of("a-b"), StoreLimits.HBASE);
  }

  @Test
  void aTablestoreReadNamesUpTo128ColumnsAllColumnsAlwaysAnHBaseReadMore() {
    ServiceChecks.columns(PAGES, columnsUpTo(128), StoreLimits.TABLESTORE);
    ServiceChecks.columns(PAGES, ColumnSelection.all(), StoreLimits.TABLESTORE);
    StoreException e =
        refused(
            ErrorKind.LIMIT_EXCEEDED,
            () -> ServiceChecks.columns(PAGES, columnsUpTo(129), StoreLimits.TABLESTORE));
    assertMentions(e, "table pages", "129 columns", "limit of 128", "TABLESTORE");
    ServiceChecks.columns(PAGES.withProfile(Profile.HBASE), columnsUpTo(129), StoreLimits.HBASE);
  }
}
