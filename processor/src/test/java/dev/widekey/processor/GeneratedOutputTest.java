package dev.widekey.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.widekey.processor.Fixtures.compile;
import static dev.widekey.processor.Fixtures.good;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import java.io.IOException;
import java.util.Map;
import java.util.TreeMap;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;
import org.junit.jupiter.api.Test;

/** What is generated: deterministic sources, one golden codec, and the schema files. */
class GeneratedOutputTest {

  @Test
  void sameInputSameOutput() throws IOException {
    // twice the same, and once with the entities in the other order: builds must not differ
    Map<String, String> first =
        generated(compile(good("DeviceTransaction"), good("Item"), good("Order")));
    Map<String, String> second =
        generated(compile(good("DeviceTransaction"), good("Item"), good("Order")));
    Map<String, String> reordered =
        generated(compile(good("Order"), good("Item"), good("DeviceTransaction")));

    assertThat(first)
        .hasSize(3 * 3 + 4); // three classes each; schemas of devices, items, items_cold, orders
    assertThat(second).isEqualTo(first);
    assertThat(reordered).isEqualTo(first);
  }

  @Test
  void deviceTransactionKeysGolden() {
    // the seeds' spliced key: padding, alphabets, delimiter, prefix and interval ranges. A change
    // here changes every stored key; update the expected file only on purpose.
    Compilation c = compile(good("DeviceTransaction"));

    assertThat(c).succeededWithoutWarnings();
    assertThat(c)
        .generatedSourceFile("good.DeviceTransactionKeys")
        .hasSourceEquivalentTo(
            JavaFileObjects.forResource("expected/good/DeviceTransactionKeys.java"));
  }

  @Test
  void schemaOfASplicedKey() {
    Compilation c = compile(good("DeviceTransaction"));

    assertThat(c).succeededWithoutWarnings();
    assertThat(c)
        .generatedFile(
            StandardLocation.CLASS_OUTPUT, "", "META-INF/widekey/schema/device_transactions.schema")
        .contentsAsUtf8String()
        .isEqualTo(
            String.join(
                "\n",
                "# widekey table schema: the primary key must never change once the table exists",
                "table=device_transactions",
                "entity=good.DeviceTransaction",
                "role=hot",
                "profile=TABLESTORE",
                "pk.0=deviceId_sellerId_cardId STRING",
                "pk.1=orderNumber INTEGER",
                "split.points=",
                "columns=amount",
                ""));
  }

  @Test
  void schemasOfHotAndColdTablesShareTheKey() {
    Compilation c = compile(good("Item"));

    assertThat(c).succeededWithoutWarnings();
    assertThat(c)
        .generatedFile(StandardLocation.CLASS_OUTPUT, "", "META-INF/widekey/schema/items.schema")
        .contentsAsUtf8String()
        .isEqualTo(
            String.join(
                "\n",
                "# widekey table schema: the primary key must never change once the table exists",
                "table=items",
                "entity=good.Item",
                "role=hot",
                "profile=TABLESTORE",
                "pk.0=itemId INTEGER",
                "split.points=",
                "columns=quantity,price,priceInYen,exchangeRate,weightKg,active",
                ""));
    assertThat(c)
        .generatedFile(
            StandardLocation.CLASS_OUTPUT, "", "META-INF/widekey/schema/items_cold.schema")
        .contentsAsUtf8String()
        .isEqualTo(
            String.join(
                "\n",
                "# widekey table schema: the primary key must never change once the table exists",
                "table=items_cold",
                "entity=good.Item",
                "role=cold",
                "profile=TABLESTORE",
                "pk.0=itemId INTEGER",
                "split.points=",
                "columns=description,thumbnail,views",
                ""));
  }

  @Test
  void schemaOfAHashedKeyListsItsPreSplitPoints() {
    Compilation c = compile(good("Order"));

    // 16 partitions over a 4-digit hex prefix: boundaries 1000, 2000, ... f000
    assertThat(c).succeededWithoutWarnings();
    assertThat(c)
        .generatedFile(StandardLocation.CLASS_OUTPUT, "", "META-INF/widekey/schema/orders.schema")
        .contentsAsUtf8String()
        .contains(
            "pk.0=orderNumber STRING\n"
                + "split.points=1000,2000,3000,4000,5000,6000,7000,8000,9000,a000,b000,c000,d000,e000,f000\n");
  }

  @Test
  void schemaOfAReversedKeySplitsOnTheFirstDigit() {
    Compilation c = compile(good("ReversedUser"));

    assertThat(c).succeededWithoutWarnings();
    assertThat(c)
        .generatedFile(StandardLocation.CLASS_OUTPUT, "", "META-INF/widekey/schema/users.schema")
        .contentsAsUtf8String()
        .contains("pk.0=userId STRING\nsplit.points=1,2,3,4,5,6,7,8,9\n");
  }

  /** Every generated source and resource by name, with its text. */
  private static Map<String, String> generated(Compilation c) throws IOException {
    assertThat(c).succeededWithoutWarnings();
    Map<String, String> out = new TreeMap<>();
    for (JavaFileObject f : c.generatedFiles()) {
      if (f.getKind() != JavaFileObject.Kind.CLASS) {
        out.put(f.getName(), f.getCharContent(true).toString());
      }
    }
    return out;
  }
}
