package dev.widekey.spring;

import static org.assertj.core.api.Assertions.assertThat;

import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;

/**
 * A blank {@code widekey.embedded.dir} (a property written without a value, an empty environment
 * variable) fails the start naming the property, instead of keeping the data in memory where it is
 * lost at exit; leaving it unset is how to ask for a store in memory.
 */
class BlankEmbeddedDirTest {
  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(AutoConfigurations.of(WidekeyAutoConfiguration.class));

  private static String messages(Throwable failure) {
    StringBuilder out = new StringBuilder();
    for (Throwable t = failure; t != null; t = t.getCause()) {
      out.append(t.getMessage()).append('\n');
    }
    return out.toString();
  }

  private void failsNamingTheProperty(ApplicationContextRunner blank) {
    blank.run(
        context -> {
          assertThat(context).hasFailed();
          assertThat(messages(context.getStartupFailure()))
              .contains("widekey.embedded.dir")
              .contains("blank");
        });
  }

  @Test
  void aPropertyWithoutAValue() {
    failsNamingTheProperty(runner.withPropertyValues("widekey.embedded.dir="));
  }

  @Test
  void aPropertyOfSpacesOnly() {
    failsNamingTheProperty(runner.withPropertyValues("widekey.embedded.dir=   "));
  }

  @Test
  void anEmptyEnvironmentVariable() {
    failsNamingTheProperty(
        runner.withInitializer(
            context ->
                context
                    .getEnvironment()
                    .getPropertySources()
                    .addFirst(
                        new SystemEnvironmentPropertySource(
                            StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME,
                            Map.of("WIDEKEY_EMBEDDED_DIR", "")))));
  }

  @Test
  void unsetIsAStoreInMemory() {
    runner.run(
        context -> {
          assertThat(context).hasNotFailed();
          assertThat(context.getBean(WideTableStore.class)).isInstanceOf(EmbeddedStore.class);
        });
  }
}
