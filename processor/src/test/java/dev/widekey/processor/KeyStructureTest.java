package dev.widekey.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.widekey.processor.Fixtures.bad;
import static dev.widekey.processor.Fixtures.compile;
import static dev.widekey.processor.Fixtures.good;
import static dev.widekey.processor.RuleAssertions.assertError;
import static dev.widekey.processor.RuleAssertions.assertRejected;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.widekey.core.Rule;
import dev.widekey.processor.diagnostics.Messages;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The primary key's structure. WK101: a partition key exists and orders are distinct (passing:
 * {@code DeviceTransaction}, {@code FourColumns}). WK108: key component types (passing: {@code
 * KeyTypes}, {@code MachineMetric}). WK110: at most 4 columns on Tablestore (passing: {@code
 * FourColumns}, and {@code HBaseFiveColumns} on HBase).
 */
class KeyStructureTest {

  @Test
  void entityWithoutPartitionKey() {
    JavaFileObject f = bad("wk101/NoPartitionKey");
    Compilation c = compile(f);

    assertRejected(c, 1);
    // about the entity as a whole: reported on its @WideTable
    assertError(
        c,
        Rule.WK101,
        Messages.noPartitionKey("NoPartitionKey"),
        f,
        "@WideTable(name = \"things\")");
  }

  @Test
  void duplicatePartitionKeyOrder() {
    JavaFileObject f = bad("wk101/DuplicatePartitionOrder");
    Compilation c = compile(f);

    assertRejected(c, 1);
    // on the order value of the second component, not on the first one
    assertError(
        c,
        Rule.WK101,
        Messages.duplicateOrder("sellerId", "PartitionKey", 0, "deviceId"),
        f,
        "@PartitionKey(order = 0) @KeyChars");
  }

  @Test
  void duplicateKeyColumnOrderIsFoundAfterSorting() {
    JavaFileObject f = bad("wk101/DuplicateKeyColumnOrder");
    Compilation c = compile(f);

    // order 1 is declared twice, not next to each other: sorting by order brings them together;
    // the error points at the order value, on its own line
    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK101,
        Messages.duplicateOrder("minute", "KeyColumn", 1, "day"),
        f,
        "    order = 1)");
  }

  @Test
  void someOrdersStatedAndSomeNotIsAmbiguous() {
    JavaFileObject f = bad("wk101/MixedOrders");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(
        c, Rule.WK101, Messages.mixedOrders("a", "KeyColumn", "b", 1), f, "@KeyColumn long a");
  }

  @Test
  void withoutOrdersTheDeclarationOrderIsTheKeyOrder() throws Exception {
    Compilation c = compile(good("DeclarationOrder"), good("DeclarationOrderClass"));
    assertThat(c).succeededWithoutWarnings();
    GeneratedClassLoader loader = new GeneratedClassLoader(c);

    // the record: tenant, userId spliced in that order; then sentAt, sequence
    Class<?> keys = loader.loadClass("good.DeclarationOrderKeys");
    PrimaryKey pk =
        (PrimaryKey)
            keys.getMethod("primaryKey", String.class, String.class, Instant.class, long.class)
                .invoke(null, "acme", "u1", Instant.ofEpochMilli(5), 7L);
    assertThat(pk.get(0)).isEqualTo(PkValue.ofString("acme,u1"));
    assertThat(pk.get(1)).isEqualTo(PkValue.ofInteger(5));
    assertThat(pk.get(2)).isEqualTo(PkValue.ofInteger(7));

    // the class: draftNumber before author, as declared
    Class<?> drafts = loader.loadClass("good.DeclarationOrderClassKeys");
    PrimaryKey draft =
        (PrimaryKey)
            drafts
                .getMethod("primaryKey", String.class, long.class, String.class)
                .invoke(null, "acme", 3L, "bob");
    assertThat(draft.get(1)).isEqualTo(PkValue.ofInteger(3));
    assertThat(draft.get(2)).isEqualTo(PkValue.ofString("bob"));
  }

  @Test
  void componentInBothPartitionKeyAndKeyColumn() {
    JavaFileObject f = bad("wk101/PartitionAndKeyColumn");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(
        c, Rule.WK101, Messages.bothPartitionAndKeyColumn("sequence"), f, "@KeyColumn(order = 0)");
  }

  @Test
  void floatsDecimalsCollectionsAndBooleansAreNoKeys() {
    JavaFileObject f = bad("wk108/BadKeyTypes");
    Compilation c = compile(f);

    assertRejected(c, 4);
    assertError(c, Rule.WK108, Messages.badKeyType("score", "double"), f, "double score");
    assertError(
        c,
        Rule.WK108,
        Messages.badKeyType("amount", "java.math.BigDecimal"),
        f,
        "BigDecimal amount");
    assertError(
        c,
        Rule.WK108,
        Messages.badKeyType("tags", "java.util.List<java.lang.String>"),
        f,
        "List<String> tags");
    assertError(c, Rule.WK108, Messages.badKeyType("active", "boolean"), f, "boolean active");
  }

  /**
   * A char is no collection nor a class: its refusal says what a char is as a key and which key
   * types hold one, not the generic reason given for other classes.
   */
  @Test
  void aCharKeySaysWhyAndWhatToUse() {
    JavaFileObject f =
        JavaFileObjects.forSourceLines(
            "fz.Initials",
            "package fz;",
            "import dev.widekey.annotations.*;",
            "@WideTable(name = \"initials\")",
            "public record Initials(",
            "    @PartitionKey @KeyChars(\"a-z\") String id,",
            "    @KeyColumn char initial,",
            "    @KeyColumn Character last,",
            "    String v) {}");
    Compilation c = compile(f);

    assertRejected(c, 2);
    String initial = Messages.badKeyType("initial", "char");
    assertThat(initial).contains("a char is one UTF-16 code unit");
    assertThat(initial).doesNotContain("collections");
    assertError(c, Rule.WK108, initial, f, "char initial");
    assertError(
        c, Rule.WK108, Messages.badKeyType("last", "java.lang.Character"), f, "Character last");
  }

  @Test
  void timesOfDayAndLegacyDatesAreNoKeysAndSayWhy() {
    JavaFileObject f = bad("wk108/TimeLikeKeys");
    Compilation c = compile(f);

    assertRejected(c, 3);
    String localTime = Messages.badKeyType("opening", "java.time.LocalTime");
    String date = Messages.badKeyType("issued", "java.util.Date");
    String offsetTime = Messages.badKeyType("closing", "java.time.OffsetTime");
    assertError(c, Rule.WK108, localTime, f, "LocalTime opening");
    assertError(c, Rule.WK108, date, f, "Date issued");
    assertError(c, Rule.WK108, offsetTime, f, "OffsetTime closing");
    for (String m : List.of(localTime, date, offsetTime)) {
      assertThat(m).doesNotContain("collections");
      assertThat(m).doesNotContain("JSON");
    }
    assertThat(localTime).contains("time of day");
    assertThat(offsetTime).contains("time of day");
    assertThat(date).contains("java.time.Instant");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "java.time.Instant",
        "java.time.LocalDate",
        "java.time.LocalDateTime",
        "java.time.OffsetDateTime",
        "java.time.ZonedDateTime",
        "long",
        "int"
      })
  void everyTimeAndIntegralTypeIsADescendingKeyColumn(String type) {
    Compilation c =
        compile(
            JavaFileObjects.forSourceString(
                "good.Descending",
                "package good;\n"
                    + "import dev.widekey.annotations.*;\n"
                    + "@WideTable(name = \"descending\")\n"
                    + "public record Descending(\n"
                    + "    @PartitionKey @KeyChars(\"a-z\") @MaxLength(16) String tenant,\n"
                    + "    @KeyColumn(descending = true) "
                    + type
                    + " at,\n"
                    + "    String note) {}\n"));
    assertThat(c).succeededWithoutWarnings();
  }

  @Test
  void aDescendingLocalDateIsStoredAsTheComplementOfItsEpochDay() throws Exception {
    GeneratedClassLoader loader =
        new GeneratedClassLoader(
            compile(
                JavaFileObjects.forSourceString(
                    "good.DescendingDay",
                    String.join(
                        "\n",
                        "package good;",
                        "import dev.widekey.annotations.*;",
                        "import java.time.LocalDate;",
                        "@WideTable(name = \"descending_day\")",
                        "public record DescendingDay(",
                        "    @PartitionKey @KeyChars(\"a-z\") @MaxLength(16) String tenant,",
                        "    @KeyColumn(descending = true) LocalDate day,",
                        "    String note) {}"))));
    Class<?> keys = loader.loadClass("good.DescendingDayKeys");
    LocalDate day = LocalDate.of(2026, 11, 26);
    PrimaryKey key =
        (PrimaryKey)
            keys.getMethod("primaryKey", String.class, LocalDate.class).invoke(null, "acme", day);
    assertThat(key.get(1).asLong()).isEqualTo(~day.toEpochDay());
    PrimaryKey later =
        (PrimaryKey)
            keys.getMethod("primaryKey", String.class, LocalDate.class)
                .invoke(null, "acme", day.plusDays(1));
    assertThat(later.get(1).asLong()).isLessThan(key.get(1).asLong()); // newest first
  }

  @Test
  void theDescendingMessageNamesTheTimeTypes() {
    String m = Messages.badDescending("name", "java.lang.String", "why");
    for (String type :
        List.of("Instant", "LocalDate", "LocalDateTime", "OffsetDateTime", "ZonedDateTime")) {
      assertThat(m).contains(type);
    }
  }

  @Test
  void bytesCannotBeSplicedIntoText() {
    JavaFileObject f = bad("wk108/SplicedBytes");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(c, Rule.WK108, Messages.splicedBytes("digest"), f, "@PartitionKey(order = 1)");
  }

  @Test
  void onlyIntegerColumnsAreStoredDescending() {
    JavaFileObject f = bad("wk113/BadDescending");
    Compilation c = compile(f);

    assertRejected(c, 4);
    String text = "have no order-reversing encoding that keeps every value and its bytes' order";
    assertError(
        c,
        Rule.WK113,
        Messages.badDescending("name", "java.lang.String", "its values (string) " + text),
        f,
        "@KeyColumn(order = 0, descending = true)");
    assertError(
        c,
        Rule.WK113,
        Messages.badDescending("id", "java.util.UUID", "its values (uuid) " + text),
        f,
        "@KeyColumn(order = 1, descending = true)");
    assertError(
        c,
        Rule.WK113,
        Messages.badDescending(
            "padded",
            "long",
            "it is @Padded, stored as text, whose order a complement does not reverse"),
        f,
        "@KeyColumn(order = 2, descending = true)");
    assertError(
        c,
        Rule.WK113,
        Messages.badDescending("digest", "byte[]", "its values (bytes) " + text),
        f,
        "@KeyColumn(order = 3, descending = true)");
  }

  @Test
  void fivePrimaryKeyColumnsOnTablestore() {
    JavaFileObject f = bad("wk110/FiveColumns");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(c, Rule.WK110, Messages.tooManyKeyColumns("offset", 5), f, "@KeyColumn(order = 3)");
  }
}
