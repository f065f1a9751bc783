package dev.widekey.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.widekey.processor.Fixtures.bad;
import static dev.widekey.processor.Fixtures.compile;
import static dev.widekey.processor.Fixtures.good;
import static dev.widekey.processor.Fixtures.warn;
import static dev.widekey.processor.RuleAssertions.assertError;
import static dev.widekey.processor.RuleAssertions.assertRejected;
import static dev.widekey.processor.RuleAssertions.assertWarning;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.widekey.annotations.Profile;
import dev.widekey.core.Rule;
import dev.widekey.processor.diagnostics.Messages;
import dev.widekey.runtime.store.PrimaryKey;
import java.time.Instant;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Write hotspots. WK102: a sequential leading partition-key component (passing: {@code Order}
 * hash-prefixed, {@code ReversedUser} reversed, {@code MachineMetric} sequential key columns).
 * WK106: hash prefix bounds, placement and the profile's partitions (passing: {@code ShortHash},
 * {@code LongHash}, {@code HashAtTablestoreLimit}, {@code HashedSplice}). WK107: no range read is
 * generated over a scattered partition key. Buckets: {@code BucketTest}.
 */
class HotspotTest {

  @Test
  void sequentialLeadingComponent() {
    JavaFileObject f = bad("wk102/SequentialLeading");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK102,
        Messages.sequentialLeading("orderNumber", "@Sequential"),
        f,
        "@PartitionKey");
  }

  @Test
  void instantIsSequentialWithoutSaying() {
    JavaFileObject f = bad("wk102/InstantLeading");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK102,
        Messages.sequentialLeading("loggedInAt", "java.time.Instant is a time type"),
        f,
        "@PartitionKey");
  }

  @Test
  void anIntegralLeadingComponentIsSequentialWithoutSaying() {
    JavaFileObject f = bad("wk102/IntegralLeading");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK102,
        Messages.sequentialLeading("orderNumber", Messages.Why.integralType("long")),
        f,
        "@PartitionKey long orderNumber");
  }

  @Test
  void aPaddedTimestampLeadingASplicedKeyIsSequential() {
    JavaFileObject f = bad("wk102/PaddedTimestampSplice");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK102,
        Messages.sequentialLeading("timestamp", Messages.Why.integralType("long")),
        f,
        "long timestamp");
  }

  @Test
  void everyTimeTypeLeadingIsSequential() {
    JavaFileObject f = bad("wk102/TimeTypesLeading");
    Compilation c = compile(f);

    assertRejected(c, 2);
    assertError(
        c,
        Rule.WK102,
        Messages.sequentialLeading("day", Messages.Why.timeType("java.time.LocalDate")),
        f,
        "LocalDate day");
    assertError(
        c,
        Rule.WK102,
        Messages.sequentialLeading("bookedAt", Messages.Why.timeType("java.time.ZonedDateTime")),
        f,
        "ZonedDateTime bookedAt");
  }

  @Test
  void theOptOutMeansSomethingOnlyOnTheLeadingComponent() {
    JavaFileObject f = bad("wk102/NotSequentialMisuse");
    Compilation c = compile(f);

    assertRejected(c, 3);
    assertError(
        c, Rule.WK102, Messages.notSequentialNotLeading("shopId", "cardId"), f, "long shopId");
    assertError(
        c, Rule.WK102, Messages.notSequentialMisplaced("paymentNumber"), f, "long paymentNumber");
    assertError(
        c, Rule.WK102, Messages.notSequentialMisplaced("amountCents"), f, "long amountCents");
  }

  @Test
  void theOptOutNeedsAReasonAndMustNotContradict() {
    JavaFileObject f = bad("wk102/NotSequentialConflicts");
    Compilation c = compile(f);

    assertRejected(c, 3);
    assertError(c, Rule.WK102, Messages.notSequentialBlankReason("meterId"), f, "long meterId");
    assertError(
        c, Rule.WK102, Messages.notSequentialContradicts("invoiceNumber"), f, "long invoiceNumber");
    assertError(
        c,
        Rule.WK102,
        Messages.notSequentialCovered("ticketId", "@HashPrefix"),
        f,
        "long ticketId");
  }

  @Test
  void aLeadingComponentOfFewValuesWarns() {
    JavaFileObject seller = warn("FewValuesLeading");
    JavaFileObject shelf = warn("FewStringsLeading");
    Compilation c = compile(seller, shelf);

    assertThat(c).succeeded();
    assertThat(c).hadWarningCount(2);
    assertWarning(
        c,
        Rule.WK102,
        Messages.fewValuesLeading("seller", Messages.Why.fewConstants("Seller", 4)),
        seller,
        "Seller seller");
    assertWarning(
        c,
        Rule.WK102,
        Messages.fewValuesLeading("shelf", Messages.Why.fewStrings(1, 5)),
        shelf,
        "String shelf");
  }

  @Test
  void aStringLeadingComponentNamedForSequenceOrTimeWarns() {
    JavaFileObject number = warn("SequenceNamedLeading");
    JavaFileObject time = warn("TimeNamedLeading");
    Compilation c = compile(number, time);

    assertThat(c).succeeded();
    assertThat(c).hadWarningCount(2);
    assertWarning(
        c,
        Rule.WK102,
        Messages.sequentialNameLeading("orderNumber", "order number"),
        number,
        "String orderNumber");
    assertWarning(
        c,
        Rule.WK102,
        Messages.sequentialNameLeading("created_at", "created"),
        time,
        "String created_at");
  }

  @Test
  void theOptOutSilencesErrorsAndWarnings() {
    // numbers, a small enum and a sequence-named String lead their keys, each with its reason
    assertThat(
            compile(
                good("OptedOutLeading"), good("OptedOutFewValues"), good("OptedOutSequenceName")))
        .succeededWithoutWarnings();
  }

  @Test
  void sequentialLeadingComponentOfASplicedKey() {
    JavaFileObject f = bad("wk102/SequentialSpliceLeading");
    Compilation c = compile(f);

    // padding keeps the text order, which is exactly what sends every write to the last partition
    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK102,
        Messages.sequentialLeading("shipmentNumber", "@Sequential"),
        f,
        "@PartitionKey(order = 0) @Sequential");
  }

  @Test
  void reversedOnlyOnIntegralOrTextPartitionKey() {
    JavaFileObject f = bad("wk102/ReversedMisuse");
    Compilation c = compile(f);

    assertRejected(c, 2);
    assertError(
        c,
        Rule.WK102,
        Messages.reversedType("uploadId", "java.util.UUID"),
        f,
        "@PartitionKey @Reversed");
    assertError(c, Rule.WK102, Messages.reversedMisplaced("part"), f, "@KeyColumn @Reversed");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "java.time.Instant",
        "java.time.LocalDate",
        "java.time.LocalDateTime",
        "java.time.OffsetDateTime",
        "java.time.ZonedDateTime"
      })
  void aTimeLeadingThePartitionKeyMayBeReversed(String type) throws Exception {
    Compilation c =
        compile(
            JavaFileObjects.forSourceString(
                "good.ReversedTime",
                "package good;\n"
                    + "import dev.widekey.annotations.*;\n"
                    + "@WideTable(name = \"reversed_time\")\n"
                    + "public record ReversedTime(@PartitionKey @Reversed "
                    + type
                    + " at, String note) {}\n"));
    assertThat(c).succeededWithoutWarnings();
  }

  @Test
  void aReversedInstantIsItsEpochMillisecondsReversed() throws Exception {
    GeneratedClassLoader loader =
        new GeneratedClassLoader(
            compile(
                JavaFileObjects.forSourceString(
                    "good.ReversedInstant",
                    "package good;\n"
                        + "import dev.widekey.annotations.*;\n"
                        + "@WideTable(name = \"reversed_instant\")\n"
                        + "public record ReversedInstant(@PartitionKey @Reversed java.time.Instant"
                        + " at, String note) {}\n")));
    Instant at = Instant.parse("2026-11-26T09:00:00.123Z");
    PrimaryKey key =
        (PrimaryKey)
            loader
                .loadClass("good.ReversedInstantKeys")
                .getMethod("primaryKey", Instant.class)
                .invoke(null, at);
    assertThat(key.get(0).asString())
        .isEqualTo(new StringBuilder(Long.toString(at.toEpochMilli())).reverse().toString());
  }

  @Test
  void theReversedTypeMessageNamesWhatMayBeReversed() {
    String m = Messages.reversedType("uploadId", "java.util.UUID");
    for (String type :
        List.of(
            "String", "Instant", "LocalDate", "LocalDateTime", "OffsetDateTime", "ZonedDateTime")) {
      assertThat(m).contains(type);
    }
  }

  @Test
  void hashPrefixOfZeroDigits() {
    JavaFileObject f = bad("wk106/HashLengthZero");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(c, Rule.WK106, Messages.hashLength(0), f, "@HashPrefix(length = 0)");
  }

  @Test
  void hashPrefixLongerThanAnMd5() {
    JavaFileObject f = bad("wk106/HashLengthTooLong");
    Compilation c = compile(f);

    // on the value, which sits on its own line
    assertRejected(c, 1);
    assertError(c, Rule.WK106, Messages.hashLength(33), f, "length = 33)");
  }

  @Test
  void hashPrefixOnAKeyColumn() {
    JavaFileObject f = bad("wk106/HashOnKeyColumn");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(
        c, Rule.WK106, Messages.hashNotPartition("orderNumber"), f, "@HashPrefix(length = 4)");
  }

  @Test
  void hashPrefixOnTypeAndComponent() {
    JavaFileObject f = bad("wk106/TwoHashPrefixes");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(
        c, Rule.WK106, Messages.hashTwice("field 'orderNumber'"), f, "@HashPrefix(length = 6)");
  }

  @Test
  void hashPrefixOnTwoComponents() {
    JavaFileObject f = bad("wk106/TwoHashedComponents");
    Compilation c = compile(f);

    // the first one counts; the second is the error
    assertRejected(c, 1);
    assertError(c, Rule.WK106, Messages.hashTwice("field 'shop'"), f, "@HashPrefix(length = 2)");
  }

  @Test
  void morePartitionsThanPrefixValues() {
    JavaFileObject f = bad("wk106/HashPartitions");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(c, Rule.WK106, Messages.hashPartitions(17, 1), f, "partitions = 17)");
  }

  @Test
  void negativePartitionsOnTypeLevelHash() {
    JavaFileObject f = bad("wk106/HashNoPartitions");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(c, Rule.WK106, Messages.hashPartitions(-1, 4), f, "partitions = -1)");
  }

  /** Tablestore's CreateTable refuses more than 10 partitions; the good fixture sits at 10. */
  @Test
  void morePartitionsThanTablestoreCreates() {
    JavaFileObject f = bad("wk106/HashPartitionsOverTablestore");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK106,
        Messages.hashPartitionsOverProfile(16, Profile.TABLESTORE, 10),
        f,
        "partitions = 16)");
  }

  @Test
  void hashPrefixOverBytes() {
    JavaFileObject f = bad("wk106/HashOnBytes");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(c, Rule.WK106, Messages.hashType("digest", "byte[]"), f, "@HashPrefix(length = 4)");
  }

  @Test
  void noRangeReadOverAHashedSplicedKey() {
    Compilation c = compile(good("HashedSplice"));

    // WK107: the hash covers the whole spliced key, so rows of one deviceId are scattered and a
    // rangeByDeviceId would miss most of them; only point reads are generated
    assertThat(c).succeededWithoutWarnings();
    assertThat(c)
        .generatedSourceFile("good.HashedSpliceKeys")
        .contentsAsUtf8String()
        .doesNotContain("rangeBy");
    assertThat(c)
        .generatedSourceFile("good.HashedSpliceRepository")
        .contentsAsUtf8String()
        .doesNotContain("scanBy");
  }

  @Test
  void rangeReadsWhereTheOrderIsKept() {
    Compilation c = compile(good("DeviceTransaction"));

    // the control for the test above: a spliced key without a hash keeps its prefixes in order
    assertThat(c).succeededWithoutWarnings();
    assertThat(c)
        .generatedSourceFile("good.DeviceTransactionKeys")
        .contentsAsUtf8String()
        .contains("rangeByDeviceId(");
    assertThat(c)
        .generatedSourceFile("good.DeviceTransactionRepository")
        .contentsAsUtf8String()
        .contains("scanByDeviceId(");
  }
}
