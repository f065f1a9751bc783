package dev.widekey.spring;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** Bad {@code widekey.*} values fail the application's start with a message naming them. */
class BadPropertiesTest {
  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(AutoConfigurations.of(WidekeyAutoConfiguration.class));

  private void failsNaming(String property, String... expected) {
    runner
        .withPropertyValues(property)
        .run(
            context -> {
              assertThat(context).hasFailed();
              Throwable root = context.getStartupFailure();
              while (root.getCause() != null) {
                root = root.getCause();
              }
              for (String e : expected) {
                assertThat(root.getMessage()).contains(e);
              }
            });
  }

  @Test
  void aStoreWhoseModuleIsMissing() {
    failsNaming("widekey.store=hbase", "hbase");
  }

  @Test
  void anEmbeddedDirectoryThatIsAFile(@TempDir Path dir) throws Exception {
    Path file = Files.writeString(dir.resolve("file"), "x");
    failsNaming("widekey.embedded.dir=" + file, file.toString());
  }

  @Test
  void aMisspeltEmbeddedSetting(@TempDir Path dir) {
    failsNaming(
        "widekey.embedded.directory=" + dir, "widekey.embedded.directory", "widekey.embedded.dir");
  }

  @Test
  void aMisspeltStoreNamespace(@TempDir Path dir) {
    failsNaming("widekey.embeded.dir=" + dir, "widekey.embeded.dir");
  }

  @Test
  void aNegativeCountOfRememberedCommitPoints() {
    failsNaming(
        "widekey.repositories.remembered-commit-points=-1",
        "widekey.repositories.remembered-commit-points must be 0 (none) or more: -1");
  }

  @Test
  void anEmbeddedDirectoryThatCannotBeCreated(@TempDir Path dir) throws Exception {
    Path file = Files.writeString(dir.resolve("file"), "x");
    runner
        .withPropertyValues("widekey.embedded.dir=" + file.resolve("sub"))
        .run(
            context -> {
              assertThat(context).hasFailed();
              StringBuilder messages = new StringBuilder();
              for (Throwable t = context.getStartupFailure(); t != null; t = t.getCause()) {
                messages.append(t.getMessage()).append('\n');
              }
              assertThat(messages.toString()).contains("widekey.embedded.dir");
            });
  }
}
