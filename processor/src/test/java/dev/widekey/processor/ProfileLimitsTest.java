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
import dev.widekey.annotations.Profile;
import dev.widekey.core.Rule;
import dev.widekey.core.store.PkType;
import dev.widekey.core.store.StoreLimits;
import dev.widekey.processor.diagnostics.Messages;
import dev.widekey.runtime.store.TableSpec;
import java.util.Locale;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The limits of each profile, read from the runtime's {@code StoreLimits.of(Profile)}: key columns
 * (WK110: 4 on Tablestore, 5 on Lindorm, no bound of its own on HBase; binary only last on
 * Lindorm), key sizes (WK109: 2 KB for the whole key on Lindorm, a 32,767-byte row key on HBase),
 * {@code @Chunked} on Lindorm and several chunked fields in a Tablestore row (WK202, both pass now)
 * and holds (a WK202 warning), the time to live (WK209), and the generated table specs that carry
 * profile and time to live to the stores.
 */
class ProfileLimitsTest {

  @Test
  void fiveKeyColumnsCompileOnHBaseAndLindorm() {
    assertThat(compile(good("HBaseFiveColumns"))).succeededWithoutWarnings();
    assertThat(compile(good("LindormFiveColumns"))).succeededWithoutWarnings();
  }

  @Test
  void fiveKeyColumnsFailOnTablestore() {
    JavaFileObject f = bad("wk110/FiveColumns");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK110,
        Messages.tooManyKeyColumns("offset", 5, Profile.TABLESTORE),
        f,
        "@KeyColumn(order = 3)");
  }

  @Test
  void sixKeyColumnsFailOnLindorm() {
    JavaFileObject f = bad("wk110/LindormSixColumns");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK110,
        Messages.tooManyKeyColumns("sequence", 6, Profile.LINDORM),
        f,
        "@KeyColumn(order = 4)");
  }

  @Test
  void aBinaryKeyColumnBeforeTheLastFailsOnLindorm() {
    JavaFileObject f = bad("wk110/LindormBinaryNotLast");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK110,
        Messages.binaryNotLast("digest", Profile.LINDORM),
        f,
        "@KeyColumn(order = 0)");
  }

  @Test
  void aBinaryPartitionColumnOfAnEntityWithColdRowsFailsOnLindorm() {
    JavaFileObject f = bad("wk110/LindormBinaryPartitionCold");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK110,
        Messages.binaryPartitionBeforeTag("userId", Profile.LINDORM),
        f,
        "@PartitionKey byte[] userId");
  }

  /**
   * Chunked values are stored in chunk rows of their own, each within one row and one put: allowed
   * on Lindorm (2 MB a row), and any number of them in one Tablestore row (4 MB a put), without a
   * warning.
   */
  @ParameterizedTest
  @ValueSource(strings = {"LindormChunked", "ChunkedPair"})
  void chunkedValuesPassOnEveryProfile(String entity) {
    Compilation c = compile(Fixtures.good(entity));

    assertThat(c).succeededWithoutWarnings();
    assertThat(c).generatedSourceFile("good." + entity + "Repository");
  }

  @Test
  void lindormBoundsTheWholeKey() {
    JavaFileObject f = bad("wk109/LindormKeyTotal");
    Compilation c = compile(f);

    // each column fits 2 KB; together, as the row key they encode into, they do not
    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK109,
        Messages.keyTooLarge(
            "volume", 3013, "volume 1007 + directory 1003 + file 1003", Profile.LINDORM),
        f,
        "@MaxLength(1000) String volume");
  }

  @Test
  void hbaseBoundsTheEncodedRowKey() {
    JavaFileObject f = bad("wk109/HBaseRowKeyTooLong");
    Compilation c = compile(f);

    // 9 + 20 digits as text; two strings of up to 9,000 bytes, each zero byte escaped as two
    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK109,
        Messages.rowKeyTooLarge(
            "title", 36029, "owner 20 + title 9000 + subtitle 9000", Profile.HBASE),
        f,
        "@KeyColumn(order = 0) @MaxLength(3000) String title");
  }

  /**
   * A limit that is no round unit (HBase's 32,767 bytes) is said once, not as "32767 bytes (32767
   * bytes)"; a round one keeps its exact bytes beside the unit.
   */
  @ParameterizedTest
  @ValueSource(strings = {"HBASE", "TABLESTORE"})
  void aColumnOverTheLimitStatesTheLimitOnce(String name) {
    Profile profile = Profile.valueOf(name);
    JavaFileObject f =
        JavaFileObjects.forSourceString(
            "bad.Huge",
            "package bad;\n"
                + "import dev.widekey.annotations.*;\n"
                + "@WideTable(name = \"huge\", profile = Profile."
                + name
                + ")\n"
                + "public record Huge(\n"
                + "    @PartitionKey @KeyChars(\"0-9\") @MaxLength(40000) String k) {}\n");
    Compilation c = compile(f);

    assertRejected(c, 1);
    String message = Messages.columnTooLarge("k", 40000, "k 40000", profile);
    assertError(c, Rule.WK109, message, f, "@MaxLength(40000) String k");
    assertThat(message)
        .contains(
            profile == Profile.HBASE
                ? "over the 32767 bytes limit of a primary-key column on HBASE."
                : "over the 1 KB (1024 bytes) limit of a primary-key column on TABLESTORE.");
  }

  @Test
  void aTimeToLiveUnderADayFailsOnTablestore() {
    JavaFileObject f = bad("wk208/ShortTtlOnTablestore");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK209,
        Messages.badTtl(3600, Profile.TABLESTORE),
        f,
        "@WideTable(name = \"sessions\"");
  }

  @Test
  void aTimeToLiveOverTheServicesBoundFails() {
    JavaFileObject f = bad("wk209/TtlOverIntOnHBase");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK209,
        Messages.badTtl(3_000_000_000L, Profile.HBASE),
        f,
        "@WideTable(name = \"archive\"");
    assertThat(Messages.badTtl(3_000_000_000L, Profile.HBASE))
        .contains(String.format(Locale.ROOT, "%,d", StoreLimits.MAX_TTL_SECONDS));
  }

  @Test
  void aTimeToLiveOfLongMaxValueFails() {
    JavaFileObject f = bad("wk209/TtlMaxLong");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK209,
        Messages.badTtl(Long.MAX_VALUE, Profile.TABLESTORE),
        f,
        "@WideTable(name = \"forever\"");
  }

  @ParameterizedTest
  @ValueSource(strings = {"HBASE", "LINDORM", "TABLESTORE"})
  void theLongestTimeToLiveCompiles(String profile) {
    Compilation c =
        compile(
            JavaFileObjects.forSourceString(
                "good.LongLived",
                "package good;\n"
                    + "import dev.widekey.annotations.*;\n"
                    + "@WideTable(name = \"long_lived\", profile = Profile."
                    + profile
                    + ", ttlSeconds = "
                    + StoreLimits.MAX_TTL_SECONDS
                    + "L)\n"
                    + "public record LongLived(@PartitionKey String id, String body) {}\n"));
    assertThat(c).succeededWithoutWarnings();
  }

  /** A misplaced @MaxLength or @Chunked quotes the key-column limit of the entity's profile. */
  @ParameterizedTest
  @ValueSource(strings = {"HBASE", "LINDORM", "TABLESTORE"})
  void misplacedKeyAnnotationsQuoteTheProfilesColumnLimit(String name) {
    Profile profile = Profile.valueOf(name);
    JavaFileObject f =
        JavaFileObjects.forSourceString(
            "bad.Misplaced",
            "package bad;\n"
                + "import dev.widekey.annotations.*;\n"
                + "@WideTable(name = \"misplaced\", profile = Profile."
                + name
                + ")\n"
                + "public record Misplaced(\n"
                + "    @PartitionKey @Chunked String id,\n"
                + "    @MaxLength(10) String title) {}\n");
    Compilation c = compile(f);

    assertRejected(c, 2);
    assertError(
        c, Rule.WK202, Messages.chunkedKey("id", profile), f, "@PartitionKey @Chunked String id");
    assertError(c, Rule.WK109, Messages.maxLengthNotKey("title", profile), f, "@MaxLength(10)");
    String limit = StoreLimits.sizeText(StoreLimits.of(profile).maxPkColumnBytes());
    assertThat(Messages.chunkedKey("id", profile)).contains("holds at most " + limit + ".");
    assertThat(Messages.maxLengthNotKey("title", profile)).contains("the " + limit + " limit");
  }

  @Test
  void generatedTableSpecsCarryProfileAndTimeToLive() throws Exception {
    GeneratedClassLoader loader = new GeneratedClassLoader(compile(good("LindormFiveColumns")));
    Class<?> table = loader.loadClass("good.LindormFiveColumnsTable");
    TableSpec hot = (TableSpec) table.getField("HOT").get(null);

    assertThat(hot.profile()).isEqualTo(Profile.LINDORM);
    assertThat(hot.ttlSeconds()).isEqualTo(3600L);
    assertThat(hot.primaryKey()).hasSize(5);
    assertThat(hot.primaryKey().get(4).type()).isEqualTo(PkType.BINARY);

    TableSpec plain =
        (TableSpec)
            new GeneratedClassLoader(compile(good("HBaseFiveColumns")))
                .loadClass("good.HBaseFiveColumnsTable")
                .getField("HOT")
                .get(null);
    assertThat(plain.profile()).isEqualTo(Profile.HBASE);
    assertThat(plain.ttlSeconds()).isEqualTo(TableSpec.NO_TTL);
  }
}
