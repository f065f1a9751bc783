package dev.widekey.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.widekey.processor.Fixtures.compile;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.widekey.runtime.repository.SplitTableRepository;
import dev.widekey.runtime.repository.TimeShardedRepository;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import java.util.Optional;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Issue 19, item 14: entity names that equal names the generated code refers to, and bean
 * properties with more than one accessor. Each either compiles, generated code included, and
 * behaves, or is refused with a WK diagnostic on the offending element.
 */
class NameAndAccessorClashTest {

  private static JavaFileObject source(String name, String... lines) {
    return JavaFileObjects.forSourceLines(name, lines);
  }

  /** Every error is a WK diagnostic: none comes from javac on generated or user code. */
  private static void assertOnlyRuleErrors(Compilation c) {
    for (Diagnostic<? extends JavaFileObject> d : c.errors()) {
      assertThat(d.getMessage(null)).matches("(?s)WK\\d{3}: .*");
    }
  }

  /**
   * A boolean with both isActive() and getActive(): read through one of them, stored and read back.
   */
  @Test
  void aBooleanWithBothGettersCompilesAndRoundTrips() throws Exception {
    Compilation c =
        compile(
            source(
                "fz.Flag",
                "package fz;",
                "import dev.widekey.annotations.*;",
                "@WideTable(name = \"flags\")",
                "public class Flag {",
                "  @PartitionKey @KeyChars(\"a-z\") public String id;",
                "  private boolean active;",
                "  private Boolean isOpen;",
                "  public boolean isActive() { return active; }",
                "  public boolean getActive() { return active; }",
                "  public void setActive(boolean v) { active = v; }",
                "  public Boolean getIsOpen() { return isOpen; }",
                "  public Boolean isOpen() { return isOpen; }",
                "  public void setIsOpen(Boolean v) { isOpen = v; }",
                "}"));
    assertThat(c.errors()).isEmpty();
    GeneratedClassLoader loader = new GeneratedClassLoader(c);
    Class<?> type = loader.loadClass("fz.Flag");
    Object flag = type.getConstructor().newInstance();
    type.getField("id").set(flag, "a");
    type.getMethod("setActive", boolean.class).invoke(flag, true);
    type.getMethod("setIsOpen", Boolean.class).invoke(flag, Boolean.TRUE);
    try (WideTableStore store = EmbeddedStore.inMemory()) {
      @SuppressWarnings("unchecked")
      SplitTableRepository<Object> repo =
          (SplitTableRepository<Object>)
              loader
                  .loadClass("fz.FlagRepository")
                  .getConstructor(WideTableStore.class)
                  .newInstance(store);
      repo.createTables();
      repo.put(flag);
      Object read =
          ((Optional<?>) repo.getClass().getMethod("get", String.class).invoke(repo, "a"))
              .orElseThrow();
      assertThat(type.getMethod("isActive").invoke(read)).isEqualTo(true);
      assertThat(type.getMethod("getIsOpen").invoke(read)).isEqualTo(true);
    }
  }

  /**
   * isActive() is the getter of both {@code active} and Kotlin's {@code isActive}, setActive their
   * setter: generated code would read and set one field for the other. Refused.
   */
  @Test
  void anAccessorOfTwoPropertiesIsRefused() {
    JavaFileObject f =
        source(
            "fz.Twice",
            "package fz;",
            "import dev.widekey.annotations.*;",
            "@WideTable(name = \"twice\")",
            "public class Twice {",
            "  @PartitionKey @KeyChars(\"a-z\") public String id;",
            "  private boolean isActive;",
            "  private boolean active;",
            "  public boolean isActive() { return isActive; }",
            "  public boolean getActive() { return active; }",
            "  public void setActive(boolean v) { isActive = v; active = v; }",
            "}");
    Compilation c = compile(f);
    assertThat(c).failed();
    assertOnlyRuleErrors(c);
    assertThat(c).hadErrorContaining("WK100").inFile(f).onLineContaining("private boolean active;");
  }

  /**
   * Entities named like the annotations' enums that their own annotations take (written in full in
   * their own file, where the simple name means the entity): the generated code names both.
   */
  @Test
  void entitiesNamedLikeTheAnnotationEnumsCompile() throws Exception {
    Compilation c =
        compile(
            source(
                "fz.ShardPeriod",
                "package fz;",
                "import dev.widekey.annotations.*;",
                "@WideTable(name = \"periods\")",
                "@TimeSharded(by = \"at\", period = dev.widekey.annotations.ShardPeriod.DAY,"
                    + " retain = 3)",
                "public record ShardPeriod(",
                "    @PartitionKey @HashPrefix(length = 4) long id, java.time.Instant at) {}"),
            source(
                "fz.HashAlgorithm",
                "package fz;",
                "import dev.widekey.annotations.*;",
                "@WideTable(name = \"hashes\", profile = dev.widekey.annotations.Profile.HBASE)",
                "public record HashAlgorithm(",
                "    @PartitionKey @HashPrefix(length = 4, algorithm ="
                    + " dev.widekey.annotations.HashAlgorithm.MD5) long id, String v) {}"),
            source(
                "fz.Profile",
                "package fz;",
                "import dev.widekey.annotations.*;",
                "@WideTable(name = \"profiles\", profile = dev.widekey.annotations.Profile.HBASE)",
                "public record Profile(@PartitionKey @KeyChars(\"a-z\") String id, String v) {}"),
            // a type of the entity's package named like the runtime type the generated repository
            // extends, and the type of one of its fields: the generated code names both
            source(
                "fz.TimeShardedRepository",
                "package fz;",
                "public enum TimeShardedRepository { A, B }"),
            source(
                "fz.Order",
                "package fz;",
                "import dev.widekey.annotations.*;",
                "@WideTable(name = \"orders\")",
                "@TimeSharded(by = \"at\", retain = 2)",
                "public record Order(@PartitionKey @HashPrefix(length = 4) long id,"
                    + " java.time.Instant at, TimeShardedRepository note) {}"));
    assertThat(c.errors()).isEmpty();
    GeneratedClassLoader loader = new GeneratedClassLoader(c);
    Class<?> sharded = loader.loadClass("fz.ShardPeriodShardedRepository");
    assertThat(TimeShardedRepository.class.isAssignableFrom(sharded)).isTrue();
    try (WideTableStore store = EmbeddedStore.inMemory()) {
      Object repo = sharded.getConstructor(WideTableStore.class).newInstance(store);
      assertThat(repo).isNotNull();
    }
  }

  /**
   * In the default package, a key component's type named Key would be hidden inside the generated
   * OrdKeys by its nested Key record, and cannot be named otherwise: refused on the component.
   */
  @Test
  void aDefaultPackageKeyTypeHiddenByTheKeyRecordIsRefused() {
    JavaFileObject f =
        source(
            "Ord",
            "import dev.widekey.annotations.*;",
            "@WideTable(name = \"ords\")",
            "public record Ord(@PartitionKey @HashPrefix(length = 4) long id,",
            "    @KeyColumn Key kind, String v) {}");
    Compilation c = compile(f, source("Key", "public enum Key { A, B }"));
    assertThat(c).failed();
    assertOnlyRuleErrors(c);
    assertThat(c).hadErrorContaining("WK100").inFile(f).onLineContaining("@KeyColumn Key kind");
  }
}
