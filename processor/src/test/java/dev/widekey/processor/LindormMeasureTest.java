package dev.widekey.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.widekey.processor.Fixtures.compile;
import static dev.widekey.processor.RuleAssertions.assertError;
import static dev.widekey.processor.RuleAssertions.assertRejected;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.widekey.annotations.Profile;
import dev.widekey.core.Rule;
import dev.widekey.core.store.PkType;
import dev.widekey.core.store.StoreLimits;
import dev.widekey.processor.diagnostics.Messages;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.backend.ServiceChecks;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * On Lindorm the compile-time key budget (WK109) counts a key as the stores' run-time check does:
 * the row key its HBase API receives, each text column a marker byte, its bytes and a two-byte end
 * mark. An entity whose largest key is exactly 2,048 such bytes compiles and its largest key is
 * written; one byte more is reported on the field and refused at run time.
 */
class LindormMeasureTest {

  private static JavaFileObject twoColumns(String name, int a, int b) {
    return JavaFileObjects.forSourceString(
        "good." + name,
        "package good;\n"
            + "import dev.widekey.annotations.*;\n"
            + "@WideTable(name = \"lindorm_budget\", profile = Profile.LINDORM)\n"
            + "public record "
            + name
            + "(\n"
            + "    @PartitionKey @KeyChars(\"a-z\") @MaxLength("
            + a
            + ") String site,\n"
            + "    @KeyColumn(order = 0) @KeyChars(\"a-z\") @MaxLength("
            + b
            + ") String path,\n"
            + "    String body) {}\n");
  }

  /** The run-time check of the largest key of such an entity: two text columns of 'z'. */
  private static void runTimeCheck(int a, int b) {
    TableSpec spec =
        new TableSpec(
            "lindorm_budget",
            List.of(new PkColumn("site", PkType.STRING), new PkColumn("path", PkType.STRING)),
            List.of(),
            Profile.LINDORM,
            TableSpec.NO_TTL);
    PrimaryKey largest =
        PrimaryKey.of(PkValue.ofString("z".repeat(a)), PkValue.ofString("z".repeat(b)));
    ServiceChecks.key(spec, largest, StoreLimits.of(Profile.LINDORM));
  }

  @Test
  void aKeyAtTheBudgetCompilesAndIsWritten() {
    // (1 + 1021 + 2) twice: 2,048
    assertThat(compile(twoColumns("AtBudget", 1021, 1021))).succeededWithoutWarnings();
    runTimeCheck(1021, 1021);
  }

  @Test
  void aKeyOneByteOverIsReportedOnItsLargestFieldAndRefusedAtRunTime() {
    // 1 + 1021 + 2 and 1 + 1022 + 2: 2,049 encoded bytes from 2,043 bytes of values
    JavaFileObject f = twoColumns("OverBudget", 1021, 1022);
    Compilation c = compile(f);
    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK109,
        Messages.keyTooLarge("path", 2049, "site 1024 + path 1025", Profile.LINDORM),
        f,
        "String path");
    StoreException e = assertThrows(StoreException.class, () -> runTimeCheck(1021, 1022));
    assertEquals(ErrorKind.LIMIT_EXCEEDED, e.kind());
  }

  @Test
  void oneColumnIsCountedEncodedToo() {
    JavaFileObject at =
        JavaFileObjects.forSourceString(
            "good.OneAtBudget",
            "package good;\n"
                + "import dev.widekey.annotations.*;\n"
                + "@WideTable(name = \"lindorm_one\", profile = Profile.LINDORM)\n"
                + "public record OneAtBudget(@PartitionKey @KeyChars(\"a-z\") @MaxLength(2045)"
                + " String id, String body) {}\n");
    assertThat(compile(at)).succeededWithoutWarnings();
    JavaFileObject over =
        JavaFileObjects.forSourceString(
            "good.OneOver",
            "package good;\n"
                + "import dev.widekey.annotations.*;\n"
                + "@WideTable(name = \"lindorm_one\", profile = Profile.LINDORM)\n"
                + "public record OneOver(\n"
                + "    @PartitionKey @KeyChars(\"a-z\") @MaxLength(2046) String id, String body) {}\n");
    Compilation c = compile(over);
    assertRejected(c, 1);
    // 2,046 bytes of value are within the 2 KB a column holds; its row key is not
    assertError(
        c,
        Rule.WK109,
        Messages.keyTooLarge("id", 2049, "id 2049", Profile.LINDORM),
        over,
        "String id");
  }
}
