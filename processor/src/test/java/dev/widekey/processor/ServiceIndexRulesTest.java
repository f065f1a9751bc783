package dev.widekey.processor;

import static dev.widekey.processor.Fixtures.bad;
import static dev.widekey.processor.Fixtures.compile;
import static dev.widekey.processor.Fixtures.good;
import static dev.widekey.processor.RuleAssertions.assertError;
import static dev.widekey.processor.RuleAssertions.assertRejected;

import com.google.common.truth.Truth;
import com.google.testing.compile.Compilation;
import dev.widekey.annotations.IndexMaintenance;
import dev.widekey.annotations.Profile;
import dev.widekey.core.Rule;
import dev.widekey.processor.diagnostics.ServiceIndexMessages;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * WK306 for service-maintained indexes ({@code @Index(maintainedBy = SERVICE_LOCAL |
 * SERVICE_GLOBAL)}), one fixture per constraint of Tablestore's secondary indexes (passing: {@code
 * good/ServiceIndexedOrder}, a local, two global and one client-side index).
 */
class ServiceIndexRulesTest {
  @Test
  void aServiceIndexOnTablestorePasses() {
    Compilation c = compile(good("ServiceIndexedOrder"));
    Truth.assertThat(c.status()).isEqualTo(Compilation.Status.SUCCESS);
  }

  @Test
  void onlyTablestoreMaintainsIndexes() {
    JavaFileObject f = bad("wk306/ServiceIndexOnHBase");
    Compilation c = compile(f);
    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK306,
        ServiceIndexMessages.notTablestore(
            "by_card", "orders_by_card", IndexMaintenance.SERVICE_GLOBAL, Profile.HBASE),
        f,
        "maintainedBy = IndexMaintenance.SERVICE_GLOBAL");
  }

  @Test
  void aLocalIndexIsLedByThePartitionKey() {
    JavaFileObject f = bad("wk306/ServiceIndexLocalNotLedByPartition");
    Compilation c = compile(f);
    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK306,
        ServiceIndexMessages.localFirstColumn("by_card", "orders_by_card", "cardId", "customer"),
        f,
        "maintainedBy = IndexMaintenance.SERVICE_LOCAL");
  }

  @Test
  void anInstantAttributeIsStoredAsTextTheServiceCannotOrder() {
    JavaFileObject f = bad("wk306/ServiceIndexInstantColumn");
    Compilation c = compile(f);
    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK306,
        ServiceIndexMessages.attributeType(
            "by_time",
            "orders_by_time",
            "placedAt",
            "ISO-8601 or canonical text (INSTANT), which does not sort as its value"),
        f,
        "columns = {\"placedAt\"}");
  }

  @Test
  void aPaddedNumberIsStoredAsAnInteger() {
    JavaFileObject f = bad("wk306/ServiceIndexPaddedColumn");
    Compilation c = compile(f);
    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK306,
        ServiceIndexMessages.attributeType(
            "by_amount",
            "orders_by_amount",
            "amount",
            "INTEGER, while @Padded makes its index key text"),
        f,
        "columns = {\"amount\"}");
  }

  @Test
  void aHashedKeyColumnIsNotTheValue() {
    JavaFileObject f = bad("wk306/ServiceIndexHashedKeyColumn");
    Compilation c = compile(f);
    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK306,
        ServiceIndexMessages.keyColumnEncoded(
            "by_customer",
            "orders_by_customer",
            "customer",
            "the key column holds it behind a hash prefix or a bucket"),
        f,
        "columns = {\"customer\", \"cardId\"}");
  }

  @Test
  void theServiceCannotHashAnIndexKey() {
    JavaFileObject f = bad("wk306/ServiceIndexHashPrefix");
    Compilation c = compile(f);
    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK306,
        ServiceIndexMessages.hashPrefix(
            "by_card", "orders_by_card", IndexMaintenance.SERVICE_GLOBAL),
        f,
        "hashPrefix = @HashPrefix(length = 4)");
  }

  /**
   * Tablestore takes secondary indexes on a table whose rows expire if the table refuses UpdateRow
   * ("Don't support allow update operation on table with index and ttl": a data table with a
   * secondary index has a time to live of -1, or a custom one and TableOptions.AllowUpdate false;
   * alibabacloud.com/help/en/tablestore/what-do-i-do-if-the-don-t-support-allow-update-operation-on-table-with-index-and-ttl-error-message-appears-when-i-create-a-secondary-index).
   * The Tablestore store creates exactly such tables with AllowUpdate false and writes with PutRow
   * only, and reads through a service index check each entry against its hot row (an expired row
   * reads as absent), so an expiring entity on the Tablestore profile may have one.
   */
  @Test
  void anExpiringEntityOnTablestoreMayHaveAServiceIndex() {
    Compilation c = compile(good("ServiceIndexWithTtl"));
    Truth.assertThat(c.errors()).isEmpty();
    Truth.assertThat(c.status()).isEqualTo(Compilation.Status.SUCCESS);
  }

  /** Elsewhere a service index stays refused, expiring rows or not: no other store keeps one. */
  @Test
  void anExpiringEntityOnHBaseStillHasNoServiceIndex() {
    JavaFileObject f = bad("wk306/ServiceIndexWithTtlOnHBase");
    Compilation c = compile(f);
    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK306,
        ServiceIndexMessages.notTablestore(
            "by_card", "orders_by_card", IndexMaintenance.SERVICE_GLOBAL, Profile.HBASE),
        f,
        "maintainedBy = IndexMaintenance.SERVICE_GLOBAL");
  }

  @Test
  void atMostFiveServiceIndexes() {
    JavaFileObject f = bad("wk306/ServiceIndexTooMany");
    Compilation c = compile(f);
    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK306,
        ServiceIndexMessages.tooMany("ServiceIndexTooMany", 6),
        f,
        "public record ServiceIndexTooMany(");
  }

  @Test
  void atMostFourIndexColumns() {
    JavaFileObject f = bad("wk306/ServiceIndexFiveColumns");
    Compilation c = compile(f);
    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK306,
        ServiceIndexMessages.tooManyColumns("by_all", "orders_by_all", 5),
        f,
        "columns = {\"a\", \"b\", \"c\", \"d\", \"e\"}");
  }
}
