package dev.widekey.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.widekey.processor.Fixtures.compile;
import static dev.widekey.processor.Fixtures.good;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The passing fixture of every rule: each design compiles without errors or warnings (the generated
 * code included, under -Xlint:all) and gets its three generated classes.
 */
class GoodDesignsTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "Order",
        "ReversedUser",
        "MachineMetric",
        "DeviceTransaction",
        "HashedSplice",
        "BucketedOrder",
        "BucketedEvent",
        "BucketedName",
        "PaddingLimits",
        "SignedSplice",
        "ShortHash",
        "LongHash",
        "HashAtTablestoreLimit",
        "KeySizeLimit",
        "FourColumns",
        "HBaseFiveColumns",
        "Item",
        "KeyOnly",
        "KeyTypes",
        "BeanAccount",
        "AllArgsAccount",
        "Document",
        "HBaseChunkedPair",
        "ChunkedPair",
        "LindormChunked",
        "NameClashes",
        "HashedNameClashes",
        "VersionedNote",
        "VersionedBean",
        "VersionedEntry",
        "OptedOutLeading",
        "OptedOutFewValues",
        "OptedOutSequenceName",
        "TimeKeys",
        "TimeSplice",
        "DeclarationOrder",
        "DeclarationOrderClass",
        "KotlinStyleFlags"
      })
  void compilesCleanlyAndGeneratesKeysTableAndRepository(String entity) {
    Compilation compilation = compile(good(entity));

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("good." + entity + "Keys");
    assertThat(compilation).generatedSourceFile("good." + entity + "Table");
    assertThat(compilation).generatedSourceFile("good." + entity + "Repository");
  }

  @Test
  void nestedEntitiesGetTopLevelClasses() {
    Compilation compilation = compile(good("Catalog"));

    assertThat(compilation).succeededWithoutWarnings();
    for (String entity : new String[] {"Catalog_Product", "Catalog_Blob"}) {
      assertThat(compilation).generatedSourceFile("good." + entity + "Keys");
      assertThat(compilation).generatedSourceFile("good." + entity + "Table");
      assertThat(compilation).generatedSourceFile("good." + entity + "Repository");
    }
  }

  @Test
  void allGoodFixturesCompileTogether() {
    // one build holding many entities: no clash between their generated names or layout files
    JavaFileObject[] all = {
      good("Order"),
      good("ReversedUser"),
      good("MachineMetric"),
      good("DeviceTransaction"),
      good("HashedSplice"),
      good("PaddingLimits"),
      good("SignedSplice"),
      good("ShortHash"),
      good("LongHash"),
      good("KeySizeLimit"),
      good("FourColumns"),
      good("HBaseFiveColumns"),
      good("Item"),
      good("KeyOnly"),
      good("KeyTypes"),
      good("BeanAccount"),
      good("AllArgsAccount"),
      good("Document")
    };

    Compilation compilation = compile(all);

    assertThat(compilation).succeededWithoutWarnings();
    // three classes each, and the one repository index of package good
    assertThat(compilation.generatedSourceFiles()).hasSize(3 * all.length + 1);
  }
}
