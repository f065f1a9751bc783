package dev.widekey.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.widekey.processor.Fixtures.compile;
import static dev.widekey.processor.RuleAssertions.assertError;
import static dev.widekey.processor.RuleAssertions.assertRejected;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.widekey.core.Rule;
import dev.widekey.processor.diagnostics.Messages;
import dev.widekey.processor.generate.GeneratedFileNames;
import dev.widekey.runtime.repository.SplitTableRepository;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Optional;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Designs the entity fuzzer does not write, tried by hand: each ends as a WK diagnostic on the
 * right element or as generated code that compiles and behaves, never as a javac error in a
 * generated file or an exception escaping the processor.
 */
class HostileDesignsTest {

  private static JavaFileObject source(String name, String... lines) {
    return JavaFileObjects.forSourceLines(name, lines);
  }

  @SuppressWarnings("unchecked")
  private static SplitTableRepository<Object> repository(
      ClassLoader loader, String name, WideTableStore store) throws Exception {
    var repo =
        (SplitTableRepository<Object>)
            loader.loadClass(name).getConstructor(WideTableStore.class).newInstance(store);
    repo.createTables();
    return repo;
  }

  private static long rows(WideTableStore store, String table) {
    int keyColumns = store.describeTable(table).orElseThrow().primaryKey().size();
    try (var rows = store.scan(table, ScanRange.all(keyColumns))) {
      return rows.count();
    }
  }

  /** A getter that throws: the put fails with the getter's exception and writes nothing. */
  @Test
  void accessorThatThrowsWritesNothing() throws Exception {
    Compilation c =
        compile(
            source(
                "fz.Fragile",
                "package fz;",
                "import dev.widekey.annotations.*;",
                "@WideTable(name = \"fragile\")",
                "public class Fragile {",
                "  @PartitionKey @KeyChars(\"a-z\") public String id;",
                "  @ColdColumn public String archive;",
                "  private String note;",
                "  public String getNote() {",
                "    if (note == null) throw new IllegalStateException(\"no note yet\");",
                "    return note;",
                "  }",
                "  public void setNote(String note) { this.note = note; }",
                "}"));
    GeneratedClassLoader loader = new GeneratedClassLoader(c);
    Class<?> type = loader.loadClass("fz.Fragile");
    Object fragile = type.getConstructor().newInstance();
    type.getField("id").set(fragile, "a");
    type.getField("archive").set(fragile, "cold value");
    Object fine = type.getConstructor().newInstance();
    type.getField("id").set(fine, "b");
    type.getMethod("setNote", String.class).invoke(fine, "n");
    try (WideTableStore store = EmbeddedStore.inMemory()) {
      var repo = repository(loader, "fz.FragileRepository", store);
      IllegalStateException e = assertThrows(IllegalStateException.class, () -> repo.put(fragile));
      assertThat(e).hasMessageThat().isEqualTo("no note yet");
      // a bulk write checks every entity first: the good one is not written either
      assertThrows(IllegalStateException.class, () -> repo.putAll(List.of(fine, fragile)));
      assertThat(rows(store, "fragile")).isEqualTo(0);
      assertThat(rows(store, "fragile_cold")).isEqualTo(0);
    }
  }

  /**
   * A converted field's type may be any type, also one naming a private type only in its type
   * arguments or as an array's component: the generated repository declares locals of the field's
   * type, which it could not name, so it is WK100 on the field, as for a private field type.
   */
  @Test
  void convertedFieldTypesNamingAPrivateTypeInside() {
    JavaFileObject f =
        source(
            "fz.Convertible",
            "package fz;",
            "import dev.widekey.annotations.*;",
            "import dev.widekey.runtime.value.AttributeConverter;",
            "import java.util.List;",
            "@WideTable(name = \"convertibles\")",
            "public record Convertible(",
            "    @PartitionKey @KeyChars(\"a-z\") String id,",
            "    @Convert(Convertible.ListConverter.class) List<Convertible.Secret> secrets,",
            "    @Convert(Convertible.ArrayConverter.class) Convertible.Secret[] more) {",
            "  private record Secret(String s) {}",
            "  public static class ListConverter implements AttributeConverter<List<Secret>, String> {",
            "    public String toStored(List<Secret> v) { return \"\"; }",
            "    public List<Secret> fromStored(String v) { return List.of(); }",
            "  }",
            "  public static class ArrayConverter implements AttributeConverter<Secret[], String> {",
            "    public String toStored(Secret[] v) { return \"\"; }",
            "    public Secret[] fromStored(String v) { return new Secret[0]; }",
            "  }",
            "}");
    Compilation c = compile(f);
    assertRejected(c, 2);
    assertError(
        c,
        Rule.WK100,
        Messages.inaccessibleFieldType(
            "secrets",
            "java.util.List<fz.Convertible.Secret>",
            "fz.Convertible.Secret",
            "private",
            "Convertible",
            true),
        f,
        "List<Convertible.Secret> secrets");
    assertError(
        c,
        Rule.WK100,
        Messages.inaccessibleFieldType(
            "more",
            "fz.Convertible.Secret[]",
            "fz.Convertible.Secret",
            "private",
            "Convertible",
            true),
        f,
        "Convertible.Secret[] more");
  }

  /**
   * A name so long that a generated class's file name passes the 255 bytes a file name holds (here
   * {@code <name>Repository.class}, 257 bytes): WK100 on the entity, not the Filer's "File name too
   * long" reported as widekey's own failure.
   */
  @Test
  void anEntityWhoseGeneratedFileNamesAreTooLong() {
    String name = "E" + "x".repeat(240);
    JavaFileObject f =
        source(
            "fz." + name,
            "package fz;",
            "import dev.widekey.annotations.*;",
            "@WideTable(name = \"long_names\")",
            "public record " + name + "(@PartitionKey @KeyChars(\"a-z\") String id, String v) {}");
    Compilation c = compile(f);
    assertRejected(c, 1);
    String file = name + "Repository.class";
    assertError(
        c,
        Rule.WK100,
        Messages.fileNameTooLong(name, file, file.length(), GeneratedFileNames.MAX_BYTES),
        f,
        "@WideTable(name = \"long_names\")");

    // an index name that makes a legal table name (250 characters) still names nested classes
    String index = "by_" + "x".repeat(240);
    JavaFileObject g =
        source(
            "fz.Orders",
            "package fz;",
            "import dev.widekey.annotations.*;",
            "@WideTable(name = \"orders\")",
            "@Index(name = \"" + index + "\", columns = {\"v\"})",
            "public record Orders(@PartitionKey @KeyChars(\"a-z\") String id,",
            "    @KeyChars(\"a-z\") String v) {}");
    c = compile(g);
    assertRejected(c, 1);
    String nested = "OrdersRepository$ByX" + "x".repeat(239) + "Index.class";
    assertError(
        c,
        Rule.WK100,
        Messages.fileNameTooLong("Orders", nested, nested.length(), GeneratedFileNames.MAX_BYTES),
        g,
        "@WideTable(name = \"orders\")");
  }

  /**
   * An entity extending another: the fields it inherits would not be stored, so it is refused on
   * the type (and, its key being inherited, it has none of its own); the parent stays an entity.
   */
  @Test
  void entityExtendingAnEntity() {
    JavaFileObject base =
        source(
            "fz.Base",
            "package fz;",
            "import dev.widekey.annotations.*;",
            "@WideTable(name = \"bases\")",
            "public class Base {",
            "  @PartitionKey @KeyChars(\"a-z\") public String id;",
            "  public String v;",
            "}");
    JavaFileObject sub =
        source(
            "fz.Sub",
            "package fz;",
            "import dev.widekey.annotations.*;",
            "@WideTable(name = \"subs\")",
            "public class Sub extends Base {",
            "  public long n;",
            "}");
    Compilation c = compile(base, sub);
    assertRejected(c, 3);
    assertError(
        c, Rule.WK100, Messages.inheritedField("Sub", "id", "Base"), sub, "public class Sub");
    assertError(
        c, Rule.WK100, Messages.inheritedField("Sub", "v", "Base"), sub, "public class Sub");
    assertError(c, Rule.WK101, Messages.noPartitionKey("Sub"), sub, "@WideTable(name = \"subs\")");
  }

  /**
   * An entity implementing an interface whose default methods are named like generated ones ({@code
   * primaryKey()}, {@code put(Object)}, {@code decode()}) and like its own accessor.
   */
  @Test
  void interfaceDefaultsNamedLikeGeneratedMethods() throws Exception {
    JavaFileObject named =
        source(
            "fz.Named",
            "package fz;",
            "public interface Named {",
            "  default String primaryKey() { return \"pk\"; }",
            "  default void put(Object o) {}",
            "  default String id() { return \"default\"; }",
            "  default String decode() { return \"decoded\"; }",
            "  static String scanAll() { return \"all\"; }",
            "}");
    JavaFileObject thing =
        source(
            "fz.Thing",
            "package fz;",
            "import dev.widekey.annotations.*;",
            "@WideTable(name = \"things\")",
            "public record Thing(@PartitionKey @KeyChars(\"a-z\") String id, String v)",
            "    implements Named {}");
    GeneratedClassLoader loader = new GeneratedClassLoader(compile(named, thing));
    Class<?> type = loader.loadClass("fz.Thing");
    Object t = type.getConstructors()[0].newInstance("ab", "x");
    try (WideTableStore store = EmbeddedStore.inMemory()) {
      var repo = repository(loader, "fz.ThingRepository", store);
      repo.put(t);
      Method get = repo.getClass().getMethod("get", String.class);
      assertThat((Optional<?>) get.invoke(repo, "ab")).hasValue(t);
    }
  }

  /** Two entities of one compilation unit naming one table: the second is refused (WK207). */
  @Test
  void twoEntitiesOfOneFileShareATable() {
    JavaFileObject f =
        source(
            "fz.Pair",
            "package fz;",
            "import dev.widekey.annotations.*;",
            "@WideTable(name = \"shared\")",
            "public record Pair(@PartitionKey @KeyChars(\"a-z\") String id, String v) {",
            "  @WideTable(name = \"shared\") // the twin",
            "  public record Twin(@PartitionKey @KeyChars(\"a-z\") String id, String w) {}",
            "}");
    Compilation c = compile(f);
    assertRejected(c, 1);
    assertError(c, Rule.WK207, Messages.tableTaken("shared", "fz.Pair"), f, "// the twin");
  }

  /**
   * Entities with one simple name in two packages, nested in an interface and in an enum, a field
   * type with a type-use annotation: all compile cleanly and get their own generated classes.
   */
  @Test
  void sameSimpleNamesAndUnusualEnclosures() {
    JavaFileObject nullable =
        source(
            "fz.a.Nullable",
            "package fz.a;",
            "import java.lang.annotation.*;",
            "@Target(ElementType.TYPE_USE) @Retention(RetentionPolicy.CLASS)",
            "public @interface Nullable {}");
    JavaFileObject a =
        source(
            "fz.a.Order",
            "package fz.a;",
            "import dev.widekey.annotations.*;",
            "@WideTable(name = \"orders_a\")",
            "public record Order(@PartitionKey @KeyChars(\"a-z\") String id, @Nullable String note) {}");
    JavaFileObject b =
        source(
            "fz.b.Order",
            "package fz.b;",
            "import dev.widekey.annotations.*;",
            "@WideTable(name = \"orders_b\")",
            "public record Order(@PartitionKey @KeyChars(\"a-z\") String id, String v) {}");
    JavaFileObject holder =
        source(
            "fz.b.Holder",
            "package fz.b;",
            "import dev.widekey.annotations.*;",
            "public interface Holder {",
            "  @WideTable(name = \"held\")",
            "  record Order(@PartitionKey @KeyChars(\"a-z\") String id, String v) {}",
            "  enum Mode { A;",
            "    @WideTable(name = \"moded\")",
            "    public static class Order { @PartitionKey @KeyChars(\"a-z\") public String id; }",
            "  }",
            "}");
    Compilation c = compile(nullable, a, b, holder);
    assertThat(c).succeededWithoutWarnings();
    for (String generated :
        List.of(
            "fz.a.OrderKeys",
            "fz.b.OrderKeys",
            "fz.b.Holder_OrderKeys",
            "fz.b.Holder_Mode_OrderKeys")) {
      assertThat(c).generatedSourceFile(generated);
    }
  }
}
