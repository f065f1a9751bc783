package dev.widekey.runtime.store.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.widekey.annotations.Profile;
import dev.widekey.core.store.AttrType;
import dev.widekey.core.store.PkType;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.DefinedColumn;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.ServiceIndex;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.WideTableStore;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The embedded store's service indexes beyond the store contract ({@code ServiceIndexContractTest}
 * in the TCK): kept across a reopen of a persistent store, refused on other profiles than
 * Tablestore; and the SPI's default, {@link ErrorKind#UNSUPPORTED}, for stores without them.
 */
class EmbeddedServiceIndexStoreTest {
  private static TableSpec spec() {
    return new TableSpec("t", List.of(new PkColumn("pk", PkType.STRING)))
        .withServiceIndexes(
            List.of(new DefinedColumn("card", AttrType.STRING)),
            List.of(new ServiceIndex("t_by_card", List.of("card"), ServiceIndex.Kind.GLOBAL)));
  }

  private static List<PrimaryKey> read(WideTableStore store) {
    try (Stream<Row> rows = store.scanIndex("t", "t_by_card", ScanRange.all(2))) {
      return rows.map(Row::key).toList();
    }
  }

  @Test
  void indexesSurviveAReopen(@TempDir Path dir) {
    try (EmbeddedStore store = EmbeddedStore.open(dir)) {
      store.createTable(spec());
      store.put(
          "t",
          Row.of(PrimaryKey.of(PkValue.ofString("a")), Map.of("card", AttrValue.ofString("K"))));
    }
    try (EmbeddedStore store = EmbeddedStore.open(dir)) {
      assertEquals(spec(), store.describeTable("t").orElseThrow());
      assertEquals(
          List.of(PrimaryKey.of(PkValue.ofString("K"), PkValue.ofString("a"))), read(store));
    }
  }

  /** An index added to a stored table is built from its rows and kept across a reopen. */
  @Test
  void anIndexAddedToAStoredTableSurvivesAReopen(@TempDir Path dir) {
    TableSpec plain = new TableSpec("t", List.of(new PkColumn("pk", PkType.STRING)));
    try (EmbeddedStore store = EmbeddedStore.open(dir)) {
      store.createTable(plain);
      store.put(
          "t",
          Row.of(PrimaryKey.of(PkValue.ofString("a")), Map.of("card", AttrValue.ofString("K"))));
    }
    try (EmbeddedStore store = EmbeddedStore.open(dir)) {
      store.createTable(spec());
    }
    try (EmbeddedStore store = EmbeddedStore.open(dir)) {
      assertEquals(spec(), store.describeTable("t").orElseThrow());
      assertEquals(
          List.of(PrimaryKey.of(PkValue.ofString("K"), PkValue.ofString("a"))), read(store));
    }
  }

  /**
   * Adversary: a global index lag and a sweep interval of ChronoUnit.FOREVER (an index that never
   * catches up, no background sweep). Creating an expiring table used to fail with an
   * ArithmeticException; the row is stored and the global index never receives it.
   */
  @Test
  void aLagAndASweepIntervalLongerThanTheClockCountsMeanNever() {
    java.time.Duration forever = java.time.temporal.ChronoUnit.FOREVER.getDuration();
    try (EmbeddedStore store =
        EmbeddedStore.builder().globalIndexLag(forever).sweepInterval(forever).build()) {
      store.createTable(spec().withTtlSeconds(86400));
      Row row =
          Row.of(PrimaryKey.of(PkValue.ofString("a")), Map.of("card", AttrValue.ofString("K")));
      store.put("t", row);
      assertEquals(List.of(), read(store));
      assertEquals(
          java.util.Optional.of(row),
          store.get("t", row.key(), dev.widekey.runtime.store.ColumnSelection.all()));
    }
  }

  @Test
  void onlyTheTablestoreProfileHasServiceIndexes() {
    try (EmbeddedStore store = EmbeddedStore.inMemory()) {
      StoreException e =
          assertThrows(
              StoreException.class, () -> store.createTable(spec().withProfile(Profile.HBASE)));
      assertEquals(ErrorKind.UNSUPPORTED, e.kind());
    }
  }

  @Test
  void aStoreWithoutServiceIndexesSaysUnsupported() {
    InvocationHandler handler =
        (proxy, method, args) -> {
          if (method.isDefault()) {
            return InvocationHandler.invokeDefault(proxy, method, args);
          }
          throw new AssertionError("not called: " + method);
        };
    WideTableStore store =
        (WideTableStore)
            Proxy.newProxyInstance(
                WideTableStore.class.getClassLoader(),
                new Class<?>[] {WideTableStore.class},
                handler);
    StoreException e =
        assertThrows(
            StoreException.class, () -> store.scanIndex("t", "t_by_card", ScanRange.all(2)));
    assertEquals(ErrorKind.UNSUPPORTED, e.kind());
    assertEquals(false, e.retryable());
  }

  @Test
  void aLocalIndexStartsWithThePartitionKey() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                new TableSpec("t", List.of(new PkColumn("pk", PkType.STRING)))
                    .withServiceIndexes(
                        List.of(new DefinedColumn("card", AttrType.STRING)),
                        List.of(
                            new ServiceIndex(
                                "t_by_card", List.of("card"), ServiceIndex.Kind.LOCAL))));
    assertEquals(
        "local index t_by_card of table t starts with card; a local index starts with the table's"
            + " first primary-key column, pk",
        e.getMessage());
  }
}
