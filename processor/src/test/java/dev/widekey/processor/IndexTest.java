package dev.widekey.processor;

import static com.google.common.truth.Truth.assertThat;
import static dev.widekey.processor.Fixtures.bad;
import static dev.widekey.processor.Fixtures.compile;
import static dev.widekey.processor.Fixtures.good;
import static dev.widekey.processor.Fixtures.warn;
import static dev.widekey.processor.RuleAssertions.assertError;
import static dev.widekey.processor.RuleAssertions.assertRejected;
import static dev.widekey.processor.RuleAssertions.assertWarning;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.testing.compile.Compilation;
import dev.widekey.annotations.Profile;
import dev.widekey.core.Rule;
import dev.widekey.core.key.KeyAlphabet;
import dev.widekey.processor.diagnostics.Messages;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Index tables ({@code @Index}): WK306 on the declaration, and every key rule of a primary key
 * applied to the index key, each reported on the {@code @Index} (passing: {@code good/IndexedOrder}
 * with a hash-prefixed and an opted-out sequential leading column, {@code good/IndexedEvent}
 * time-sharded). What the generated index code does: {@code IndexBehaviourTest}.
 */
class IndexTest {
  private static final String BY_CARD = "@Index(name = \"by_card\"";

  @Test
  void aSequentialLeadingIndexColumnIsAHotspot() {
    JavaFileObject f = bad("wk306/IndexSequentialLeading");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK102,
        Messages.OnIndex.finding(
            "by_time",
            "orders_by_time",
            Messages.sequentialLeading("placedAt", "java.time.Instant is a time type")),
        f,
        "@Index(name = \"by_time\"");
  }

  /**
   * An index over a @Transient (or Java transient) field is told the field is not stored, not
   * offered the nearest stored property.
   */
  @org.junit.jupiter.params.ParameterizedTest
  @org.junit.jupiter.params.provider.ValueSource(
      strings = {"record:@Transient", "class:@Transient", "class:transient"})
  void anIndexOverAnUnstoredFieldSaysItIsUnstored(String shape) {
    boolean record = shape.startsWith("record");
    String marker = shape.substring(shape.indexOf(':') + 1);
    String head =
        "package bad;\n"
            + "import dev.widekey.annotations.*;\n"
            + "@WideTable(name = \"t\")\n"
            + "@Index(name = \"by_w\", columns = {\"w\"})\n";
    String body =
        record
            ? "public record T(@PartitionKey @KeyChars(\"0-9\") @MaxLength(8) String k, String v,"
                + " @Transient String w) {}\n"
            : "public class T {\n"
                + "  @PartitionKey @KeyChars(\"0-9\") @MaxLength(8) String k;\n"
                + "  String v;\n"
                + ("  "
                    + (marker.equals("transient") ? "transient" : "@Transient")
                    + " String w;\n")
                + "}\n";
    JavaFileObject f =
        com.google.testing.compile.JavaFileObjects.forSourceString("bad.T", head + body);
    Compilation c = compile(f);

    assertRejected(c, 1);
    String message = Messages.indexUnstoredColumn("by_w", "w", "T", marker);
    assertThat(message)
        .isEqualTo(
            "WK306: index 'by_w' lists column 'w', but T declares it "
                + marker
                + ": it is not stored, so no index row can be keyed by it. Remove it from the"
                + " index, or store it (drop "
                + marker
                + ").");
    assertError(c, Rule.WK306, message, f, "@Index(name = \"by_w\"");
  }

  @Test
  void anOptOutOnAnIndexNeedsAReason() {
    JavaFileObject f = bad("wk306/IndexBlankReason");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK102,
        Messages.OnIndex.finding(
            "by_amount", "orders_by_amount", Messages.notSequentialBlankReason("amount")),
        f,
        "@Index(name = \"by_amount\"");
  }

  @Test
  void anIndexHashPrefixIsBounded() {
    JavaFileObject f = bad("wk306/IndexHashLength");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK106,
        Messages.OnIndex.finding("by_time", "orders_by_time", Messages.hashLength(40)),
        f,
        "hashPrefix = @HashPrefix(length = 40)");
  }

  @Test
  void paddingOfAnIndexedAttributeFitsItsType() {
    JavaFileObject f = bad("wk306/IndexPaddingTooWide");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK104,
        Messages.OnIndex.finding(
            "by_card", "orders_by_card", Messages.paddingWidth("amount", "int", 30, 10)),
        f,
        BY_CARD);
  }

  @Test
  void anIndexedAlphabetIsChecked() {
    JavaFileObject f = bad("wk306/IndexBadAlphabet");
    Compilation c = compile(f);
    String problem =
        assertThrows(IllegalArgumentException.class, () -> KeyAlphabet.parse("z-a")).getMessage();

    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK105,
        Messages.OnIndex.finding(
            "by_card", "orders_by_card", Messages.badKeyChars("cardId", "z-a", problem)),
        f,
        BY_CARD);
  }

  @Test
  void anIndexColumnIsAKeyType() {
    JavaFileObject f = bad("wk306/IndexFloatColumn");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK108,
        Messages.OnIndex.finding(
            "by_card", "orders_by_card", Messages.badKeyType("ratio", "double")),
        f,
        BY_CARD);
  }

  @Test
  void anIndexColumnFitsTheColumnLimit() {
    JavaFileObject f = bad("wk306/IndexColumnTooLarge");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK109,
        Messages.OnIndex.finding(
            "by_text",
            "orders_by_text",
            Messages.columnTooLarge("text", 2000, "text 2000", Profile.TABLESTORE)),
        f,
        "@Index(name = \"by_text\"");
  }

  @Test
  void theReferenceColumnHoldsTheWholePrimaryKey() {
    JavaFileObject f = bad("wk306/IndexRefTooLarge");
    Compilation c = compile(f);

    // customer: up to 1020 bytes, ordered-encoded in 3 + 1020 bytes, and the write tag: a marker
    // byte and 8 bytes
    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK109,
        Messages.indexRefTooLarge("by_card", 3 + 1020 + 1 + 8, Profile.TABLESTORE),
        f,
        BY_CARD);
  }

  @Test
  void aBadPrimaryKeyIsReportedOnceNotAsTheReferencesSize() {
    // found by the entity fuzzer: the reference column's bound read an invalid alphabet
    JavaFileObject f = bad("wk306/IndexOnBadBaseKey");
    Compilation c = compile(f);

    assertRejected(c, 1);
    com.google.testing.compile.CompilationSubject.assertThat(c)
        .hadErrorContaining("WK105: field 'customer' has @KeyChars ''")
        .inFile(f)
        .onLineContaining("@KeyChars(\"\")");
  }

  @Test
  void theReferenceColumnCountsAgainstTheColumnLimit() {
    JavaFileObject f = bad("wk306/IndexTooManyColumns");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK110,
        Messages.indexTooManyColumns("by_all", 4, Profile.TABLESTORE),
        f,
        "@Index(name = \"by_all\"");
  }

  @Test
  void aBinaryIndexColumnIsNotLastOnLindorm() {
    JavaFileObject f = bad("wk306/IndexBinaryOnLindorm");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK110,
        Messages.indexBinaryColumn("by_digest", "digest", Profile.LINDORM),
        f,
        "@Index(name = \"by_digest\"");
  }

  @Test
  void anIndexTableNameIsLegal() {
    JavaFileObject f = bad("wk306/IndexTableNameTooLong");
    Compilation c = compile(f);
    String name = "by_" + "x".repeat(250);
    String table = "orders_" + name;

    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK207,
        Messages.OnIndex.finding(name, table, Messages.badTableName("name", table)),
        f,
        "@Index(name = \"by_xxx");
  }

  @Test
  void anIndexTableIsNotTheEntitysColdTable() {
    JavaFileObject f = bad("wk306/IndexTableTaken");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK207,
        Messages.indexTableIsOwn("cold", "orders_cold"),
        f,
        "@Index(name = \"cold\"");
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
        BY_CARD);
  }

  @Test
  void aColumnIsIndexedOnce() {
    JavaFileObject f = bad("wk306/IndexDuplicateColumn");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(c, Rule.WK306, Messages.indexDuplicateColumn("by_card", "cardId"), f, BY_CARD);
  }

  @Test
  void coldAndChunkedColumnsAreNotIndexed() {
    JavaFileObject cold = bad("wk306/IndexColdColumn");
    Compilation c = compile(cold);
    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK306,
        Messages.indexColdColumn("by_note", "note", "a @ColdColumn"),
        cold,
        "@Index(name = \"by_note\"");

    JavaFileObject chunked = bad("wk306/IndexChunkedColumn");
    Compilation d = compile(chunked);
    assertRejected(d, 1);
    assertError(
        d,
        Rule.WK306,
        Messages.indexColdColumn("by_scan", "scan", "@Chunked"),
        chunked,
        "@Index(name = \"by_scan\"");
  }

  @Test
  void anIndexHasColumns() {
    JavaFileObject f = bad("wk306/IndexNoColumns");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(
        c, Rule.WK306, Messages.indexNoColumns("by_nothing"), f, "@Index(name = \"by_nothing\"");
  }

  @Test
  void indexNamesAreUniqueWellFormedAndFree() {
    JavaFileObject twice = bad("wk306/IndexNameTwice");
    Compilation c = compile(twice);
    assertRejected(c, 1);
    // javac places no diagnostic on one of several @Index (their container is implicit): the type
    assertError(
        c,
        Rule.WK306,
        Messages.indexNameTwice("by_card", "IndexNameTwice"),
        twice,
        "public record IndexNameTwice");

    JavaFileObject alike = bad("wk306/IndexSameMembers");
    Compilation a = compile(alike);
    assertRejected(a, 1);
    assertError(
        a,
        Rule.WK306,
        Messages.indexSameMembers("card1", "card_1", "card1"),
        alike,
        "public record IndexSameMembers");

    JavaFileObject badName = bad("wk306/IndexBadName");
    Compilation d = compile(badName);
    assertRejected(d, 1);
    assertError(
        d, Rule.WK306, Messages.indexBadName("ByCard"), badName, "@Index(name = \"ByCard\"");

    JavaFileObject taken = bad("wk306/IndexNameTaken");
    Compilation e = compile(taken);
    assertRejected(e, 1);
    assertError(
        e,
        Rule.WK306,
        Messages.indexNameTaken("tables", "tables"),
        taken,
        "@Index(name = \"tables\"");
  }

  @Test
  void oneHashPrefixPerIndex() {
    JavaFileObject f = bad("wk306/IndexOptionTwice");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK306,
        Messages.indexOptionTwice("by_time", "hashPrefix"),
        f,
        "hashPrefix = {@HashPrefix(length = 4), @HashPrefix(length = 6)}");
  }

  @Test
  void anIndexNeedsAWideTable() {
    JavaFileObject f = bad("wk306/IndexWithoutWideTable");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(c, Rule.WK306, Messages.indexWithoutWideTable("IndexWithoutWideTable"), f, BY_CARD);
  }

  @Test
  void lindormKeepsItsIndexQuota() {
    JavaFileObject f = bad("wk306/IndexOverLindormQuota");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK306,
        Messages.indexesOverLindormQuota("IndexOverLindormQuota", 6, 5),
        f,
        "public record IndexOverLindormQuota");
  }

  @Test
  void indexTablesCountPerPeriod() {
    JavaFileObject f = bad("wk306/IndexShardedTooManyTables");
    Compilation c = compile(f);

    // (25 + 1 ahead) periods x (hot + 2 index tables) + the fence table
    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK211,
        Messages.shardTablesOverLimit(
            "IndexShardedTooManyTables", 79, 25, 1, 3, Profile.TABLESTORE),
        f,
        "@TimeSharded");
  }

  @Test
  void anIndexOfThePrimaryKeysLeadingColumnsWarns() {
    JavaFileObject f = warn("IndexIsKeyPrefix");
    Compilation c = compile(f);

    com.google.testing.compile.CompilationSubject.assertThat(c).succeeded();
    com.google.testing.compile.CompilationSubject.assertThat(c).hadWarningCount(1);
    assertWarning(
        c,
        Rule.WK306,
        Messages.indexIsKeyPrefix("by_customer", "customer"),
        f,
        "@Index(name = \"by_customer\"");
  }

  @Test
  void manyIndexesWarn() {
    JavaFileObject f = warn("ManyIndexes");
    Compilation c = compile(f);

    com.google.testing.compile.CompilationSubject.assertThat(c).succeeded();
    com.google.testing.compile.CompilationSubject.assertThat(c).hadWarningCount(1);
    assertWarning(
        c,
        Rule.WK306,
        Messages.tooManyIndexes("ManyIndexes", 5, 4),
        f,
        "public record ManyIndexes");
  }

  @Test
  void indexedEntitiesCompileWithoutWarnings() {
    for (String name : new String[] {"IndexedOrder", "IndexedEvent"}) {
      Compilation c = compile(good(name));
      new GeneratedClassLoader(c);
      assertThat(c.generatedSourceFiles()).isNotEmpty();
    }
  }
}
