package dev.widekey.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's own build snippet and example classes, taken from README.md at test time, build and
 * run as an outside Maven project: the README cannot drift from what works. It runs the Maven that
 * runs this build against the local repository, so the widekey artifacts must be installed first:
 *
 * <pre>
 * mvn -q -pl sample-app -am install -DskipTests
 * mvn -q -pl sample-app verify -Dwidekey.readme.outside=true -Dtest=ReadmeOutsideProjectTest
 * </pre>
 *
 * <p>{@code .ci/run} does both. Without {@code -Dwidekey.readme.outside=true} the test is skipped:
 * {@code mvn verify} alone installs nothing.
 */
@EnabledIfSystemProperty(named = "widekey.readme.outside", matches = "true")
class ReadmeOutsideProjectTest {
  private static final Pattern FENCE = Pattern.compile("```(\\w+)\\n(.*?)```", Pattern.DOTALL);

  @TempDir Path project;

  @Test
  void theReadmeSnippetsBuildAndRunAsAnOutsideProject() throws Exception {
    String readme = Files.readString(Path.of("..", "README.md"), StandardCharsets.UTF_8);
    String pomSnippet = blocks(section(readme, "## Adding widekey to a build"), "xml").get(0);
    List<String> classes = blocks(section(readme, "## An annotated entity"), "java");
    assertTrue(classes.size() >= 2, "the entity and the program that uses it");

    String version = System.getProperty("widekey.version");
    assertTrue(
        pomSnippet.contains("<version>" + version + "</version>"),
        "the README names the version being built, " + version);
    Files.writeString(
        project.resolve("pom.xml"),
        "<project xmlns=\"http://maven.apache.org/POM/4.0.0\">\n"
            + "  <modelVersion>4.0.0</modelVersion>\n"
            + "  <groupId>com.example</groupId>\n"
            + "  <artifactId>readme-outside</artifactId>\n"
            + "  <version>1</version>\n"
            + pomSnippet
            + "</project>\n");
    String main = null;
    for (String source : classes.subList(0, 2)) {
      Matcher pkg = Pattern.compile("^package ([\\w.]+);", Pattern.MULTILINE).matcher(source);
      Matcher type = Pattern.compile("public (?:final )?(?:record|class) (\\w+)").matcher(source);
      assertTrue(pkg.find(), "a README class names its package:\n" + source);
      assertTrue(type.find(), "a README class is public:\n" + source);
      Path dir = project.resolve("src/main/java").resolve(pkg.group(1).replace('.', '/'));
      Files.createDirectories(dir);
      Files.writeString(dir.resolve(type.group(1) + ".java"), source);
      if (source.contains("public static void main(")) {
        main = pkg.group(1) + "." + type.group(1);
      }
    }
    assertNotNull(main, "one README class is a program");

    String output = build(project, main);
    assertTrue(output.contains("DeviceTransaction[deviceId=54"), output);
  }

  /**
   * The README's Kotlin section as an outside project: the dependencies of "Adding widekey to a
   * build" and {@code kotlin-stdlib}, the section's kapt build, its data class and its use of the
   * generated repository, in a {@code main} that gives the names the README leaves to the reader.
   */
  @Test
  void theKotlinSectionBuildsAndRunsAsAnOutsideProject() throws Exception {
    String readme = Files.readString(Path.of("..", "README.md"), StandardCharsets.UTF_8);
    String javaPom = blocks(section(readme, "## Adding widekey to a build"), "xml").get(0);
    String kotlin = section(readme, "## Kotlin");
    String build = blocks(kotlin, "xml").get(0);
    List<String> sources = blocks(kotlin, "kotlin");
    assertTrue(sources.size() >= 2, "the data class and its use");
    Matcher kotlinVersion =
        Pattern.compile("kotlin-maven-plugin</artifactId>\\s*<version>([^<]+)<").matcher(build);
    assertTrue(kotlinVersion.find(), build);
    String dependencies = element(javaPom, "dependencies");
    dependencies =
        dependencies.replace(
            "</dependencies>",
            "  <dependency>\n    <groupId>org.jetbrains.kotlin</groupId>\n"
                + "    <artifactId>kotlin-stdlib</artifactId>\n    <version>"
                + kotlinVersion.group(1)
                + "</version>\n  </dependency>\n</dependencies>");
    Files.writeString(
        project.resolve("pom.xml"),
        "<project xmlns=\"http://maven.apache.org/POM/4.0.0\">\n"
            + "  <modelVersion>4.0.0</modelVersion>\n"
            + "  <groupId>com.example</groupId>\n"
            + "  <artifactId>readme-kotlin</artifactId>\n"
            + "  <version>1</version>\n"
            + element(javaPom, "properties")
            + "\n"
            + dependencies
            + "\n"
            + element(build, "build")
            + "\n</project>\n");
    Path dir = project.resolve("src/main/kotlin");
    Files.createDirectories(dir);
    Files.writeString(dir.resolve("SensorReading.kt"), sources.get(0));
    // the use, as written, in a main given a store, an instant and a reading
    String use = sources.get(1);
    Files.writeString(
        dir.resolve("Main.kt"),
        "import java.time.Instant\n\n"
            + "fun main() {\n"
            + "  val store = dev.widekey.runtime.store.Stores.open()\n"
            + "  val at = Instant.parse(\"2026-11-26T10:15:30Z\")\n"
            + "  val reading = SensorReading(\"boiler-7\", at, 2, 21.5, null, \"raw bytes\")\n"
            + use.indent(2)
            + "  println(\"read back: \" + back)\n"
            + "  check(back == reading) { \"read back \" + back }\n"
            + "}\n");
    String output = build(project, "MainKt");
    assertTrue(output.contains("read back: SensorReading(deviceId=boiler-7"), output);
  }

  /** Compiles the project and runs {@code main} with the Maven that runs this build. */
  private static String build(Path project, String main) throws Exception {
    Path mvn = Path.of(System.getProperty("maven.home"), "bin", "mvn");
    List<String> command = new ArrayList<>();
    command.addAll(
        List.of(
            mvn.toString(),
            "-B",
            "-q",
            "-ntp",
            "-Dmaven.repo.local=" + System.getProperty("maven.repo.local"),
            "compile",
            "org.codehaus.mojo:exec-maven-plugin:3.5.0:java",
            "-Dexec.mainClass=" + main));
    Path log = project.resolve("build.log");
    Process build =
        new ProcessBuilder(command)
            .directory(project.toFile())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    assertTrue(build.waitFor(10, TimeUnit.MINUTES), "the outside build finishes");
    String output = Files.readString(log);
    assertEquals(0, build.exitValue(), "the outside build fails:\n" + output);
    return output;
  }

  /** One element of an XML snippet, its tags included. */
  private static String element(String xml, String name) {
    int start = xml.indexOf("<" + name + ">");
    int end = xml.indexOf("</" + name + ">");
    assertTrue(start >= 0 && end > start, "the snippet has <" + name + ">:\n" + xml);
    return xml.substring(start, end + name.length() + 3);
  }

  /** The text of a README section, from its heading to the next one of its level. */
  static String section(String readme, String heading) {
    int start = readme.indexOf("\n" + heading + "\n");
    assertTrue(start >= 0, "README has " + heading);
    int end = readme.indexOf("\n## ", start + heading.length() + 2);
    return readme.substring(start, end < 0 ? readme.length() : end);
  }

  /** The fenced code blocks of one language, in order. */
  static List<String> blocks(String text, String language) throws IOException {
    List<String> found = new ArrayList<>();
    Matcher m = FENCE.matcher(text);
    while (m.find()) {
      if (m.group(1).equals(language)) {
        found.add(m.group(2));
      }
    }
    return found;
  }
}
