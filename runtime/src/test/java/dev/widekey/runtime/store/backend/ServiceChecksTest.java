package dev.widekey.runtime.store.backend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.annotations.Profile;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PkType;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.StoreLimits;
import dev.widekey.runtime.store.TableSpec;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The checks every store runs: one put of a row within the put limit of the table's profile. */
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
}
