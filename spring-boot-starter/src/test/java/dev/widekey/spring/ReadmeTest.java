package dev.widekey.spring;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The README's Spring Boot properties example names only keys the metadata documents. */
class ReadmeTest {
  @Test
  void everyPropertyOfTheExampleIsDocumented() throws IOException {
    String readme = Files.readString(Path.of("..", "README.md"));
    String section = readme.substring(readme.indexOf("## Spring Boot"));
    int start = section.indexOf("```properties\n") + "```properties\n".length();
    String example = section.substring(start, section.indexOf("```", start));
    List<String> keys = new ArrayList<>();
    for (String line : example.lines().toList()) {
      String setting = line.startsWith("# widekey.") ? line.substring(2) : line;
      if (setting.startsWith("widekey.")) {
        String key = setting.substring(0, setting.indexOf('='));
        keys.add(key.contains("[") ? key.substring(0, key.indexOf('[')) : key);
      }
    }
    String json;
    try (InputStream in =
        getClass()
            .getClassLoader()
            .getResourceAsStream("META-INF/spring-configuration-metadata.json")) {
      json = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    assertThat(keys).contains("widekey.store", "widekey.embedded.dir");
    for (String key : keys) {
      assertThat(json).as(key).contains("\"name\": \"" + key + "\"");
    }
  }
}
