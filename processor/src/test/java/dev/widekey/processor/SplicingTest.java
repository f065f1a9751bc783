package dev.widekey.processor;

import static com.google.common.truth.Truth.assertThat;
import static dev.widekey.processor.Fixtures.bad;
import static dev.widekey.processor.Fixtures.compile;
import static dev.widekey.processor.RuleAssertions.assertError;
import static dev.widekey.processor.RuleAssertions.assertRejected;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.testing.compile.Compilation;
import dev.widekey.core.Rule;
import dev.widekey.core.key.KeyAlphabet;
import dev.widekey.processor.diagnostics.Messages;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Text keys that keep their order. WK103: spliced integers are padded (passing: {@code
 * DeviceTransaction}; {@code HashedSplice}, whose type-level hash makes order moot). WK104: padding
 * widths fit the type (passing: {@code PaddingLimits} at every maximum). WK105: the delimiter sorts
 * below every component character (passing: {@code DeviceTransaction}, {@code SignedSplice} with
 * ',' below '-', {@code MachineMetric} with ':' in an unspliced key).
 */
class SplicingTest {

  @Test
  void unpaddedIntegersInASplicedKey() {
    JavaFileObject f = bad("wk103/UnpaddedSplice");
    Compilation c = compile(f);

    assertRejected(c, 2);
    assertError(
        c, Rule.WK103, Messages.unpaddedSplice("deviceId", "long"), f, "@PartitionKey(order = 1)");
    assertError(
        c,
        Rule.WK103,
        Messages.unpaddedSplice("port", "java.lang.Integer"),
        f,
        "@PartitionKey(order = 2)");
  }

  @Test
  void paddingWiderThanTheTypeOrEmpty() {
    JavaFileObject f = bad("wk104/PaddingWidths");
    Compilation c = compile(f);

    assertRejected(c, 3);
    assertError(
        c, Rule.WK104, Messages.paddingWidth("deviceId", "long", 25, 19), f, "@Padded(width = 25)");
    assertError(
        c, Rule.WK104, Messages.paddingWidth("shopId", "int", 11, 10), f, "@Padded(width = 11");
    assertError(
        c, Rule.WK104, Messages.paddingWidth("sequence", "long", 0, 19), f, "@Padded(width = 0)");
  }

  @Test
  void paddingTooNarrowForPresentDayTimes() {
    JavaFileObject f = bad("wk104/PaddedTimesTooNarrow");
    Compilation c = compile(f);

    // the LocalDate in the key, the Instant in the index; the 13-digit Instant key column passes
    assertRejected(c, 2);
    assertError(
        c,
        Rule.WK104,
        Messages.paddingBelowPresentDay("day", "java.time.LocalDate", "epoch days", 4, 5),
        f,
        "@Padded(width = 4)");
    assertError(
        c,
        Rule.WK104,
        Messages.OnIndex.finding(
            "by_taken",
            "readings_by_taken",
            Messages.paddingBelowPresentDay(
                "taken", "java.time.Instant", "epoch milliseconds", 12, 13)),
        f,
        "columns = {\"taken\"}");
  }

  @Test
  void paddingOnAString() {
    JavaFileObject f = bad("wk104/PaddedString");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(
        c, Rule.WK104, Messages.paddingType("code", "java.lang.String"), f, "@Padded(width = 8)");
  }

  @Test
  void colonSortsAboveDigits() {
    JavaFileObject f = bad("wk105/ColonDelimiter");
    Compilation c = compile(f);

    // ':' (U+003A) is above '0'..'9': a100:x would sort after a1001:x. Both components are
    // reported,
    // each on its @KeyChars
    assertRejected(c, 2);
    assertError(
        c,
        Rule.WK105,
        Messages.delimiterNotBelow("sellerId", ':', '0', "@KeyChars(\"a-z0-9\")", '0'),
        f,
        "@KeyChars(\"a-z0-9\")");
    assertError(
        c,
        Rule.WK105,
        Messages.delimiterNotBelow("cardId", ':', '0', "@KeyChars(\"0-9A-Z\")", '0'),
        f,
        "@KeyChars(\"0-9A-Z\")");
  }

  @Test
  void alphabetReachingBelowTheComma() {
    JavaFileObject f = bad("wk105/BangInAlphabet");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK105,
        Messages.delimiterNotBelow("tag", ',', '!', "@KeyChars(\"!a-z\")", '!'),
        f,
        "@KeyChars(\"!a-z\")");
  }

  /**
   * The fix names a delimiter that sorts below what the components may hold: not ',' when an enum
   * constant holds '$' (U+0024), which ',' (U+002C) sorts above; and says so when none does.
   */
  @Test
  void theSuggestedDelimiterSortsBelowEveryComponent() {
    JavaFileObject f =
        com.google.testing.compile.JavaFileObjects.forSourceString(
            "bad.Dollar",
            "package bad;\n"
                + "import dev.widekey.annotations.*;\n"
                + "@WideTable(name = \"dollar\")\n"
                + "public record Dollar(\n"
                + "    @PartitionKey(order = 0) @KeyChars(\"a-z\") @MaxLength(8) String owner,\n"
                + "    @PartitionKey(order = 1) Kind kind) {\n"
                + "  public enum Kind { PLAIN, WITH$DOLLAR }\n"
                + "}\n");
    Compilation c = compile(f);

    assertRejected(c, 1);
    String message = Messages.delimiterNotBelow("kind", ',', '$', "the names of enum Kind", '$');
    assertError(c, Rule.WK105, message, f, "@PartitionKey(order = 1) Kind kind");
    assertThat(message)
        .endsWith(
            "Use a delimiter below every character the spliced components may hold, such as '#'"
                + " (U+0023), or narrow the alphabet.");
    // below '!' only the space is left; below the space, only control characters
    assertThat(Messages.delimiterNotBelow("tag", ',', '!', "s", '!')).contains("such as U+0020,");
    assertThat(Messages.delimiterNotBelow("tag", ',', ' ', "s", ' '))
        .endsWith(
            "No delimiter sorts below U+0020, the lowest character the spliced components"
                + " may hold, without being a control character: narrow the alphabet.");
  }

  @Test
  void delimiterInsideTheAlphabet() {
    JavaFileObject f = bad("wk105/DelimiterInAlphabet");
    Compilation c = compile(f);

    // not an order problem but an injection: "x,y" as one value reads as two components
    assertRejected(c, 1);
    String message = Messages.delimiterNotBelow("path", ',', ',', "@KeyChars(\"a-z,\")", ',');
    assertError(c, Rule.WK105, message, f, "@KeyChars(\"a-z,\")");
    assertThat(message).contains("splits into two components");
  }

  @Test
  void orderExampleInTheMessageIsTrue() {
    // the message claims "a0:x" sorts before "a:x" although "a0" sorts after "a"
    assertThat(Messages.delimiterNotBelow("f", ':', '0', "s", '0'))
        .contains("\"a0:x\" sorts before \"a:x\" although \"a0\" sorts after \"a\"");
    assertThat("a0:x").isLessThan("a:x");
    assertThat("a0").isGreaterThan("a");
  }

  @Test
  void splicedStringWithoutAlphabet() {
    JavaFileObject f = bad("wk105/MissingKeyChars");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(
        c, Rule.WK105, Messages.missingKeyChars("cardId", ','), f, "@PartitionKey(order = 1)");
  }

  @Test
  void malformedAlphabet() {
    JavaFileObject f = bad("wk105/MalformedKeyChars");
    Compilation c = compile(f);
    // the reason comes from the runtime parser that the generated code uses too
    String problem =
        assertThrows(IllegalArgumentException.class, () -> KeyAlphabet.parse("z-a")).getMessage();

    assertRejected(c, 1);
    String message = Messages.badKeyChars("word", "z-a", problem);
    assertError(c, Rule.WK105, message, f, "@KeyChars(\"z-a\")");
    // the runtime's own "... is not a valid alphabet:" is not repeated
    assertThat(message.split("not a valid alphabet", -1)).hasLength(2);
    assertThat(message).contains("z-a is reversed");
  }

  @Test
  void alphabetOnANumber() {
    JavaFileObject f = bad("wk105/KeyCharsOnLong");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(c, Rule.WK105, Messages.keyCharsType("id", "long"), f, "@KeyChars(\"0-9\")");
  }

  @Test
  void dotAboveTheMinusOfSignedPadding() {
    JavaFileObject f = bad("wk105/DotDelimiterSigned");
    Compilation c = compile(f);

    // '.' (U+002E) is above '-' (U+002D), which starts every negative value
    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK105,
        Messages.delimiterNotBelow("delta", '.', '-', "signed @Padded digits and '-'", '-'),
        f,
        "@Padded(width = 8, signed = true)");
  }

  @Test
  void dotAboveTheMinusOfUuids() {
    JavaFileObject f = bad("wk105/DotDelimiterUuid");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK105,
        Messages.delimiterNotBelow("sessionId", '.', '-', "UUID text: hex digits and '-'", '-'),
        f,
        "@PartitionKey(order = 1)");
  }

  @Test
  void controlCharacterDelimiter() {
    JavaFileObject f = bad("wk105/ControlDelimiter");
    Compilation c = compile(f);

    assertRejected(c, 1);
    String message = Messages.badDelimiter('\t');
    assertError(c, Rule.WK105, message, f, "delimiter = '\\t')");
    assertThat(message).doesNotContain("\t"); // named by its code point, not printed raw
  }

  /** A huge, hostile @KeyChars is shown bounded and escaped in the diagnostic. */
  @Test
  void aHugeMalformedAlphabetIsShownBounded() {
    String spec = "a-z\\u2028\\u202E" + "0123456789".repeat(20_000) + "z-a";
    Compilation c =
        compile(
            com.google.testing.compile.JavaFileObjects.forSourceLines(
                "hk.Huge",
                "package hk;",
                "import dev.widekey.annotations.*;",
                "@WideTable(name = \"huge\")",
                "public record Huge(@PartitionKey @KeyChars(\""
                    + spec
                    + "\") String id, String v) {}"));
    assertRejected(c, 1);
    String message = c.errors().get(0).getMessage(java.util.Locale.ROOT);
    assertThat(message).startsWith("WK105");
    assertThat(message.length()).isLessThan(2_000);
    assertThat(message).doesNotContain("\u2028");
    assertThat(message).doesNotContain("\u202E");
    assertThat(message).contains("(200008 chars)");
  }
}
