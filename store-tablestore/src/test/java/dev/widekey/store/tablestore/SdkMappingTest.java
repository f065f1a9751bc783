package dev.widekey.store.tablestore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.alicloud.openservices.tablestore.model.Column;
import com.alicloud.openservices.tablestore.model.ColumnType;
import com.alicloud.openservices.tablestore.model.ColumnValue;
import com.alicloud.openservices.tablestore.model.PrimaryKeyBuilder;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.StoreException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a row the service returns maps to, for rows widekey did not write. */
class SdkMappingTest {

  /**
   * Adversary: a row whose column has a type widekey has no type for (DATE, as SQL writes it).
   * Reading it again reads the same column, so the error is CORRUPT_DATA, not retryable, and names
   * the column; it used to be a retryable INTERNAL error, which retry loops sent again for nothing.
   */
  @Test
  void aColumnOfATypeWidekeyHasNoTypeForIsCorruptDataNamingTheColumn() {
    com.alicloud.openservices.tablestore.model.Row forged =
        new com.alicloud.openservices.tablestore.model.Row(
            PrimaryKeyBuilder.createPrimaryKeyBuilder()
                .addPrimaryKeyColumn("pk", PrimaryKeyValue.fromString("a"))
                .build(),
            List.of(new Column("born", new ColumnValue(20240101L, ColumnType.DATE), 1L)));

    StoreException e = assertThrows(StoreException.class, () -> SdkMapping.row(forged));

    assertEquals(ErrorKind.CORRUPT_DATA, e.kind(), e::getMessage);
    assertFalse(e.retryable());
    assertTrue(e.getMessage().contains("born"), e::getMessage);
  }
}
