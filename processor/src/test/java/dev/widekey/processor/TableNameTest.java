package dev.widekey.processor;

import static com.google.common.truth.Truth.assertThat;
import static dev.widekey.processor.Fixtures.bad;
import static dev.widekey.processor.RuleAssertions.assertError;
import static dev.widekey.processor.RuleAssertions.assertRejected;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import dev.widekey.core.Rule;
import dev.widekey.processor.diagnostics.Messages;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * WK207: table names are valid on every service and each table belongs to one entity (passing:
 * {@code GoodDesignsTest.allGoodFixturesCompileTogether}, 17 entities in one build).
 */
class TableNameTest {

  @Test
  void invalidTableNames() {
    JavaFileObject f = bad("wk207/BadTableNames");
    Compilation c = Fixtures.compile(f);

    assertRejected(c, 2);
    assertError(
        c, Rule.WK207, Messages.badTableName("name", "order items"), f, "name = \"order items\",");
    assertError(
        c,
        Rule.WK207,
        Messages.badTableName("coldTable", "cold/items"),
        f,
        "coldTable = \"cold/items\")");
  }

  @Test
  void columnNamesTheServicesRefuse() {
    JavaFileObject f = bad("wk207/BadColumnNames");
    Compilation c = Fixtures.compile(f);

    assertRejected(c, 2);
    assertError(c, Rule.WK207, Messages.badColumnName("price$cents"), f, "long price$cents,");
    assertError(
        c, Rule.WK207, Messages.badColumnName("bezeichnung\u00C4"), f, "String bezeichnung");
  }

  @Test
  void emptyTableNameIsReportedOnce() {
    JavaFileObject f = bad("wk207/EmptyTableName");
    Compilation c = Fixtures.compile(f);

    // the default cold table "_cold" is derived from it, so it is not reported again
    assertRejected(c, 1);
    assertError(c, Rule.WK207, Messages.badTableName("name", ""), f, "@WideTable(name = \"\")");
  }

  @Test
  void twoEntitiesInOneTable() {
    JavaFileObject f = bad("wk207/SharedTable");
    SpyingProcessor spy = new SpyingProcessor();
    Compilation c = Compiler.javac().withProcessors(spy).compile(f);

    assertRejected(c, 2);
    assertError(
        c,
        Rule.WK207,
        Messages.tableTaken("orders", "bad.wk207.Orders"),
        f,
        "@WideTable(name = \"orders\", profile");
    assertError(
        c,
        Rule.WK207,
        Messages.tableTaken("orders_cold", "bad.wk207.Orders"),
        f,
        "coldTable = \"orders_cold\")");
    // the first entity is generated; the two that clash with it are not
    assertThat(spy.created())
        .containsExactly(
            "bad.wk207.OrdersKeys",
            "bad.wk207.OrdersTable",
            "bad.wk207.OrdersRepository",
            "META-INF/widekey/layout/orders.layout",
            "META-INF/widekey/layout/orders_cold.layout",
            // the repository index lists the generated entity only
            "bad.wk207.WidekeyRepositories_d56201fc",
            "META-INF/services/dev.widekey.runtime.repository.RepositoryIndex",
            "META-INF/widekey/repositories");
  }

  /** A hostile table name is shown bounded and escaped: it cannot forge or reorder log lines. */
  @Test
  void aHostileTableNameIsShownEscapedAndBounded() {
    String name = "orders\\u2028WARN forged\\u202E" + "x".repeat(5_000);
    Compilation c =
        Fixtures.compile(
            com.google.testing.compile.JavaFileObjects.forSourceLines(
                "hn.Hostile",
                "package hn;",
                "import dev.widekey.annotations.*;",
                "@WideTable(name = \"" + name + "\")",
                "public record Hostile(@PartitionKey @KeyChars(\"a-z\") String id, String v) {}"));
    com.google.common.truth.Truth.assertThat(c.errors()).isNotEmpty();
    for (var d : c.errors()) {
      String m = d.getMessage(java.util.Locale.ROOT);
      com.google.common.truth.Truth.assertThat(m).startsWith("WK");
      com.google.common.truth.Truth.assertThat(m).doesNotContain("\u2028");
      com.google.common.truth.Truth.assertThat(m).doesNotContain("\u202E");
      com.google.common.truth.Truth.assertThat(m.length()).isLessThan(1_500);
    }
  }
}
