package dev.widekey.processor;

import static dev.widekey.processor.Fixtures.bad;
import static dev.widekey.processor.Fixtures.compile;
import static dev.widekey.processor.RuleAssertions.assertError;
import static dev.widekey.processor.RuleAssertions.assertRejected;

import com.google.testing.compile.Compilation;
import dev.widekey.annotations.Profile;
import dev.widekey.core.Rule;
import dev.widekey.processor.diagnostics.Messages;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Attribute columns. WK202: only String and byte[] attributes are chunked (passing: {@code
 * Document}). WK201: money (passing: {@code Item}, scales 0, 2 and 18, a double that is not money).
 * WK204: hot and cold tables (passing: {@code Item}). WK205: a Lindorm row has a non-key column
 * (passing: {@code MachineMetric}, {@code ReversedUser}; {@code KeyOnly} on Tablestore). And
 * key-only annotations placed on attributes.
 */
class AttributeTest {

  @Test
  void moneyMistakes() {
    JavaFileObject f = bad("wk201/MoneyMistakes");
    Compilation c = compile(f);

    // weightKg is a double too, but not money: no error
    assertRejected(c, 6);
    assertError(c, Rule.WK201, Messages.bigDecimalWithoutMoney("total"), f, "BigDecimal total");
    assertError(c, Rule.WK201, Messages.floatingMoney("price", "double"), f, "double price");
    assertError(
        c,
        Rule.WK201,
        Messages.floatingMoney("shippingCost", "java.lang.Float"),
        f,
        "Float shippingCost");
    assertError(c, Rule.WK201, Messages.moneyType("amountCents", "long"), f, "@Money(scale = 2)");
    assertError(c, Rule.WK201, Messages.moneyScale("fee", 19), f, "@Money(scale = 19)");
    assertError(c, Rule.WK201, Messages.moneyScale("tax", -1), f, "@Money(scale = -1)");
  }

  @Test
  void moneyOnAKey() {
    JavaFileObject f = bad("wk201/MoneyOnKey");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(c, Rule.WK201, Messages.moneyOnKey("amount"), f, "@Money(scale = 2)");
  }

  /** {@code @Chunked(maxBytes)} from 1 byte to one Java array; 1 byte is a legal cap. */
  @Test
  void chunkedCapOutOfRange() {
    JavaFileObject f = bad("wk202/ChunkedCap");
    Compilation c = compile(f);

    assertRejected(c, 3);
    assertError(c, Rule.WK202, Messages.chunkedCapRange("empty", 0), f, "@Chunked(maxBytes = 0)");
    assertError(
        c, Rule.WK202, Messages.chunkedCapRange("negative", -5), f, "@Chunked(maxBytes = -5)");
    assertError(
        c,
        Rule.WK202,
        Messages.chunkedCapRange("huge", 4L << 30),
        f,
        "@Chunked(maxBytes = 4L << 30)");
  }

  @Test
  void chunkedKeyOrNumber() {
    JavaFileObject f = bad("wk202/ChunkedMisuse");
    Compilation c = compile(f);

    assertRejected(c, 2);
    assertError(
        c,
        Rule.WK202,
        Messages.chunkedKey("documentId", Profile.TABLESTORE),
        f,
        "@PartitionKey @Chunked");
    assertError(c, Rule.WK202, Messages.chunkedType("size", "long"), f, "@Chunked long size");
  }

  @Test
  void inflatedCapNeedsCompressionAndAnArraySize() {
    JavaFileObject f = bad("wk203/InflatedCaps");
    Compilation c = compile(f);

    assertRejected(c, 3);
    assertError(
        c,
        Rule.WK203,
        Messages.inflatedCapWithoutCompress("uncompressed"),
        f,
        "maxInflatedBytes = 1024");
    assertError(c, Rule.WK203, Messages.inflatedCapRange("negative", -1), f, "= -1)");
    assertError(
        c, Rule.WK203, Messages.inflatedCapRange("overArray", 4294967296L), f, "4294967296L");
  }

  @Test
  void coldKey() {
    JavaFileObject f = bad("wk204/ColdKey");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(c, Rule.WK204, Messages.coldKey("itemId"), f, "@ColdColumn");
  }

  @Test
  void compressedIntAndPrimitiveColdColumn() {
    JavaFileObject f = bad("wk204/ColdMistakes");
    Compilation c = compile(f);

    assertRejected(c, 2);
    assertError(c, Rule.WK204, Messages.compressType("count", "int"), f, "compress = true)");
    assertError(
        c,
        Rule.WK204,
        Messages.coldPrimitive("views", "long", "Long"),
        f,
        "@ColdColumn long views");
  }

  @Test
  void coldTableNamedLikeTheHotTable() {
    JavaFileObject f = bad("wk204/ColdTableSameName");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(c, Rule.WK204, Messages.coldTableSameName("items"), f, "coldTable = \"items\")");
  }

  @Test
  void lindormRowWithOnlyAColdAttribute() {
    JavaFileObject f = bad("wk205/OnlyColdAttribute");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(c, Rule.WK205, Messages.noHotAttribute("OnlyColdAttribute"), f, "@WideTable(");
  }

  @Test
  void lindormRowWithoutAttributes() {
    JavaFileObject f = bad("wk205/NoAttribute");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(c, Rule.WK205, Messages.noHotAttribute("NoAttribute"), f, "@WideTable(");
  }

  @Test
  void keyAnnotationsOnAttributes() {
    JavaFileObject f = bad("misuse/KeyAnnotationsOnAttributes");
    Compilation c = compile(f);

    assertRejected(c, 7);
    assertError(c, Rule.WK104, Messages.paddingNotKey("padded"), f, "@Padded(width = 6)");
    assertError(c, Rule.WK105, Messages.keyCharsNotKey("chars"), f, "@KeyChars(\"a-z\")");
    assertError(
        c,
        Rule.WK109,
        Messages.maxLengthNotKey("bounded", Profile.TABLESTORE),
        f,
        "@MaxLength(10)");
    assertError(c, Rule.WK102, Messages.sequentialNotKey("counter"), f, "@Sequential");
    assertError(c, Rule.WK102, Messages.reversedMisplaced("reversed"), f, "@Reversed");
    assertError(c, Rule.WK106, Messages.hashNotPartition("hashed"), f, "@HashPrefix");
    assertError(
        c, Rule.WK106, Messages.bucketedNotPartition("bucketed"), f, "@Bucketed(buckets = 4)");
  }
}
