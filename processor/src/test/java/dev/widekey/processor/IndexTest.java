package dev.widekey.processor;

import static com.google.common.truth.Truth.assertThat;
import static dev.widekey.processor.Fixtures.bad;
import static dev.widekey.processor.Fixtures.compile;
import static dev.widekey.processor.Fixtures.good;
import static dev.widekey.processor.RuleAssertions.assertError;
import static dev.widekey.processor.RuleAssertions.assertRejected;

import com.google.testing.compile.Compilation;
import dev.widekey.processor.diagnostics.Messages;
import dev.widekey.runtime.Rule;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** Index tables ({@code @Index}): WK306, and every key rule applied to an index key. */
class IndexTest {

  @Test
  void aSequentialLeadingIndexColumnIsAHotspot() {
    JavaFileObject f = bad("wk306/IndexSequentialLeading");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK102,
        Messages.inIndex(
            "by_time",
            "orders_by_time",
            Messages.sequentialLeading("placedAt", "java.time.Instant is a time type")),
        f,
        "@Index(name = \"by_time\"");
  }

  @Test
  void anUnknownColumnNamesTheClosest() {
    JavaFileObject f = bad("wk306/IndexUnknownColumn");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK306,
        Messages.indexUnknownColumn("by_card", "cardID", "IndexUnknownColumn", "cardId"),
        f,
        "@Index(name = \"by_card\"");
  }

  @Test
  void anIndexedEntityCompiles() {
    Compilation c = compile(good("IndexedOrder"));
    new GeneratedClassLoader(c);
    assertThat(c.generatedSourceFiles()).isNotEmpty();
  }
}
