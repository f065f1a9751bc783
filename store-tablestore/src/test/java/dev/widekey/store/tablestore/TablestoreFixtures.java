package dev.widekey.store.tablestore;

import dev.widekey.core.store.PkType;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/** The table schema, rows and store over the fake service that the Tablestore tests share. */
final class TablestoreFixtures {
  private TablestoreFixtures() {}

  /** A STRING partition key and an INTEGER key column. */
  static final List<PkColumn> SCHEMA =
      List.of(new PkColumn("pk", PkType.STRING), new PkColumn("seq", PkType.INTEGER));

  /** A store over {@code service} that waits up to {@code ready} for a new table. */
  static TablestoreStore storeOver(FakeTablestoreService service, Duration ready) {
    return new TablestoreStore(service.client(), service::createTableEx, () -> {}, ready);
  }

  static PrimaryKey key(String pk, long seq) {
    return PrimaryKey.of(PkValue.ofString(pk), PkValue.ofInteger(seq));
  }

  static Row row(String pk, long seq, long v) {
    return Row.of(key(pk, seq), Map.of("v", AttrValue.ofInteger(v)));
  }
}
