package dev.widekey.sample.badinput;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.widekey.core.key.InvalidKeyException;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Key injection: with tenant and folder spliced by ',', the tuples ("acme", "hr,payroll") and
 * ("acme,hr", "payroll") would share one partition-key text. A tenant that names itself "acme,hr"
 * must not be able to read, overwrite or delete tenant acme's rows, and its scans must not reach
 * them.
 */
class TenantInjectionTest {

  @Test
  void aValueCarryingTheDelimiterCannotReachAnotherTenantsRows() {
    // without the alphabet check these two tuples would be the same partition key
    assertEquals(String.join(",", "acme", "hr", "payroll"), String.join(",", "acme,hr", "payroll"));

    try (EmbeddedStore store = EmbeddedStore.inMemory()) {
      TenantDocRepository docs = new TenantDocRepository(store);
      docs.createTables();
      TenantDoc victim = new TenantDoc("acme", "hr", "salaries", "secret");
      docs.put(victim);

      // a folder name carrying the delimiter is refused as well, so the victim could never
      // have created the colliding ("acme", "hr,payroll") either
      assertRefused("folder", () -> docs.put(new TenantDoc("acme", "hr,payroll", "salaries", "x")));

      // the attacker's tenant "acme,hr" is refused on every path, before the store is touched
      assertRefused("tenant", () -> docs.get("acme,hr", "salaries", "salaries"));
      assertRefused(
          "tenant", () -> docs.put(new TenantDoc("acme,hr", "", "salaries", "overwritten")));
      assertRefused("tenant", () -> docs.delete("acme,hr", "", "salaries"));
      assertRefused("tenant", () -> docs.scanByTenant("acme,hr"));
      assertRefused("tenant", () -> docs.scanByTenantAndFolder("acme,hr", ""));
      assertRefused("tenant", () -> docs.putAll(List.of(new TenantDoc("acme,hr", "x", "y", "z"))));

      // a tenant that is a prefix of another ("ac" of "acme") sees only its own rows:
      // the scan prefix ends with the delimiter
      docs.put(new TenantDoc("ac", "me", "own", "mine"));
      try (Stream<TenantDoc> rows = docs.scanByTenant("ac")) {
        assertEquals(
            List.of(new TenantDoc("ac", "me", "own", null)),
            rows.map(d -> new TenantDoc(d.tenant(), d.folder(), d.doc(), null)).toList());
      }
      assertEquals(victim, docs.get("acme", "hr", "salaries").orElseThrow());
      try (Stream<TenantDoc> rows = docs.scanByTenant("acme")) {
        assertEquals(List.of(victim), rows.toList());
      }
    }
  }

  private static void assertRefused(String field, Runnable call) {
    InvalidKeyException e = assertThrows(InvalidKeyException.class, call::run);
    assertEquals("WK105", e.rule(), e.getMessage());
    assertEquals(field, e.field(), e.getMessage());
  }
}
