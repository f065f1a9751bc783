package dev.widekey.processor.query;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.widekey.processor.query.QueryFixtures.compile;
import static dev.widekey.processor.query.QueryFixtures.query;

import com.google.testing.compile.Compilation;
import org.junit.jupiter.api.Test;

/** Query interfaces that compile: every supported shape, implemented without warnings. */
class QueryInterfaceTest {
  @Test
  void supportedShapesCompileWithoutWarnings() {
    Compilation c = compile(query("Txns"), query("Readings"), query("Shops"), query("Jobs"));
    assertThat(c).succeededWithoutWarnings();
    assertThat(c).generatedSourceFile("query.Txns_");
    assertThat(c).generatedSourceFile("query.Readings_");
    assertThat(c).generatedSourceFile("query.Shops_");
    assertThat(c).generatedSourceFile("query.Jobs_");
    // each query delegates to the generated repository's read of its shape
    assertThat(c)
        .generatedSourceFile("query.Txns_")
        .contentsAsUtf8String()
        .contains("return this.repository.scanByCardId(card);");
    assertThat(c)
        .generatedSourceFile("query.Txns_")
        .contentsAsUtf8String()
        .contains("return this.repository.scanByCardIdDescending(cardId);");
    assertThat(c)
        .generatedSourceFile("query.Txns_")
        .contentsAsUtf8String()
        .contains("return this.repository.get(cardId, sellerId, deviceId, orderNumber);");
    assertThat(c)
        .generatedSourceFile("query.Txns_")
        .contentsAsUtf8String()
        .contains("<p>A count is a scan: it reads every matching row and counts them.");
    assertThat(c)
        .generatedSourceFile("query.Readings_")
        .contentsAsUtf8String()
        .contains(
            "return Stream.concat(this.repository.scanByTimestampBetween(from, to),\n"
                + "        this.repository.scanByTimestamp(to));");
    assertThat(c)
        .generatedSourceFile("query.Txns_")
        .contentsAsUtf8String()
        .contains(
            "    if (deviceId == Long.MAX_VALUE) {\n"
                + "      // no value lies above Long.MAX_VALUE\n"
                + "      return List.of();\n"
                + "    }\n");
    assertThat(c)
        .generatedSourceFile("query.Shops_")
        .contentsAsUtf8String()
        .contains("this.repository.scanByRegion(region)");
  }
}
