package dev.widekey.processor;

import static com.google.common.truth.Truth.assertThat;
import static dev.widekey.processor.Fixtures.bad;
import static dev.widekey.processor.Fixtures.good;
import static dev.widekey.processor.RuleAssertions.assertError;
import static dev.widekey.processor.RuleAssertions.assertRejected;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import dev.widekey.core.Rule;
import dev.widekey.processor.diagnostics.Messages;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Errors are collected per entity, not stopped at the first, and an entity with errors gets no
 * generated file while its valid neighbours do.
 */
class ErrorCollectionTest {

  @Test
  void everyMistakeOfAnEntityIsReported() {
    JavaFileObject f = bad("many/ManyMistakes");
    SpyingProcessor spy = new SpyingProcessor();
    Compilation c = Compiler.javac().withProcessors(spy).compile(f);

    // one mistake from each rule family: hotspot, splicing, money, cold columns, attribute types
    assertRejected(c, 5);
    assertError(
        c,
        Rule.WK102,
        Messages.sequentialLeading("orderNumber", "@Sequential"),
        f,
        "@PartitionKey @Sequential long orderNumber");
    assertError(
        c, Rule.WK104, Messages.paddingWidth("line", "long", 25, 19), f, "@Padded(width = 25)");
    assertError(c, Rule.WK201, Messages.bigDecimalWithoutMoney("total"), f, "BigDecimal total");
    assertError(
        c,
        Rule.WK204,
        Messages.coldPrimitive("views", "long", "Long"),
        f,
        "@ColdColumn long views");
    assertError(
        c,
        Rule.WK100,
        Messages.unsupportedAttribute("tags", "java.util.List<java.lang.String>"),
        f,
        "List<String> tags");
    assertThat(spy.created()).isEmpty();
  }

  @Test
  void aRejectedEntityDoesNotStopItsNeighbours() {
    JavaFileObject bad = bad("many/ManyMistakes");
    SpyingProcessor spy = new SpyingProcessor();
    Compilation c =
        Compiler.javac().withProcessors(spy).compile(good("Item"), bad, good("DeviceTransaction"));

    assertRejected(c, 5);
    assertThat(spy.created())
        .containsExactly(
            "good.ItemKeys",
            "good.ItemTable",
            "good.ItemRepository",
            "META-INF/widekey/layout/items.layout",
            "META-INF/widekey/layout/items_cold.layout",
            "good.DeviceTransactionKeys",
            "good.DeviceTransactionTable",
            "good.DeviceTransactionRepository",
            "META-INF/widekey/layout/device_transactions.layout",
            // the repository index of the two accepted entities, never of the rejected one
            "good.WidekeyRepositories_fa1372e1",
            "META-INF/services/dev.widekey.runtime.repository.RepositoryIndex",
            "META-INF/widekey/repositories");
  }
}
