package dev.widekey.processor;

import static com.google.common.truth.Truth.assertThat;
import static dev.widekey.processor.Fixtures.compile;
import static dev.widekey.processor.RuleAssertions.assertError;
import static dev.widekey.processor.RuleAssertions.assertRejected;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.widekey.core.Rule;
import dev.widekey.processor.diagnostics.Messages;
import dev.widekey.runtime.repository.SplitTableRepository;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * What the entity fuzzer found, each as a fixed fixture: legal names that broke generated code, and
 * designs that compiled but failed at run time or broke a rule.
 */
class EntityFuzzFindingsTest {

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

  /** Finding 1: key fields named like Object methods are legal on a class. */
  @Test
  void keyFieldsNamedLikeObjectMethods() throws Exception {
    Compilation c =
        compile(
            source(
                "fz.Calls",
                "package fz;",
                "import dev.widekey.annotations.*;",
                "@WideTable(name = \"calls\")",
                "public class Calls {",
                "  @PartitionKey(order = 0) @KeyChars(\"a-z\") public String wait;",
                "  @PartitionKey(order = 1) @Padded(width = 4) public long hashCode;",
                "  @KeyColumn(order = 0) public long toString;",
                "  @KeyColumn(order = 1) public String getClass;",
                "  public String notify;",
                "}"));
    GeneratedClassLoader loader = new GeneratedClassLoader(c);
    Class<?> type = loader.loadClass("fz.Calls");
    Object entity = type.getConstructor().newInstance();
    type.getField("wait").set(entity, "ab");
    type.getField("hashCode").set(entity, 7L);
    type.getField("toString").set(entity, 3L);
    type.getField("getClass").set(entity, "x");
    Class<?> keys = loader.loadClass("fz.CallsKeys");
    PrimaryKey pk = (PrimaryKey) keys.getMethod("primaryKey", type).invoke(null, entity);
    Object decoded = keys.getMethod("decode", PrimaryKey.class).invoke(null, pk);
    // a record component cannot be named wait: the Key record's is wait_
    assertThat(decoded.getClass().getMethod("wait_").invoke(decoded)).isEqualTo("ab");
    assertThat(decoded.getClass().getMethod("hashCode_").invoke(decoded)).isEqualTo(7L);
    try (WideTableStore store = EmbeddedStore.inMemory()) {
      var repo = repository(loader, "fz.CallsRepository", store);
      repo.put(entity);
      Method get =
          repo.getClass().getMethod("get", String.class, long.class, long.class, String.class);
      assertThat(((Optional<?>) get.invoke(repo, "ab", 7L, 3L, "x"))).isPresent();
    }
  }

  /** Finding 2: components named like classes and constants the generated code refers to. */
  @Test
  void keyComponentsNamedLikeGeneratedReferences() throws Exception {
    Compilation c =
        compile(
            source(
                "fz.Shadows",
                "package fz;",
                "import dev.widekey.annotations.*;",
                "@WideTable(name = \"shadows\")",
                "public record Shadows(",
                "    @PartitionKey(order = 0) @KeyChars(\"a-z\") String PrimaryKey,",
                "    @PartitionKey(order = 1) @Padded(width = 3) long PkValue,",
                "    @PartitionKey(order = 2) @KeyChars(\"a-z\") String KeyText,",
                "    @KeyColumn(order = 0) long COLUMNS,",
                "    @KeyColumn(order = 1) java.util.UUID List,",
                "    String Padding, Long Long, String AttrValue, String dev) {}"));
    GeneratedClassLoader loader = new GeneratedClassLoader(c);
    Class<?> type = loader.loadClass("fz.Shadows");
    try (WideTableStore store = EmbeddedStore.inMemory()) {
      var repo = repository(loader, "fz.ShadowsRepository", store);
      var create = type.getConstructors()[0];
      for (long col = 1; col <= 3; col++) {
        repo.put(
            create.newInstance(
                "p", 1L, "k", col, java.util.UUID.randomUUID(), "pad", 5L, "attr", "d"));
      }
      // a key column named COLUMNS once hid the column count: the store refused the bounds
      Method scan =
          repo.getClass()
              .getMethod(
                  "scanByPrimaryKeyAndPkValueAndKeyText", String.class, long.class, String.class);
      try (Stream<?> rows = (Stream<?>) scan.invoke(repo, "p", 1L, "k")) {
        assertThat(rows.count()).isEqualTo(3);
      }
    }
  }

  /** Finding 3: a type-level hash over a single byte[] key generated Long.toString(byte[]). */
  @Test
  void typeHashOverBytesIsRefused() {
    JavaFileObject f =
        source(
            "fz.Blob",
            "package fz;",
            "import dev.widekey.annotations.*;",
            "@HashPrefix(length = 4)",
            "@WideTable(name = \"blobs\")",
            "public record Blob(@PartitionKey byte[] digest, String body) {}");
    Compilation c = compile(f);
    assertRejected(c, 1);
    assertError(c, Rule.WK106, Messages.hashOverBytes("digest"), f, "@HashPrefix(length = 4)");
  }

  /** Finding 4: generated type names that would hide the user's names. */
  @Test
  void entityNamedWideWouldHideTheAnnotation() {
    JavaFileObject f =
        source(
            "fz.Wide",
            "package fz;",
            "import dev.widekey.annotations.*;",
            "@WideTable(name = \"wide\")",
            "public record Wide(@PartitionKey @KeyChars(\"a-z\") String id, String v) {}");
    Compilation c = compile(f);
    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK100,
        Messages.generatedTypeHidesAnnotation("Wide", "WideTable"),
        f,
        "@WideTable(name = \"wide\")");
  }

  @Test
  void entityNamedKeyInTheDefaultPackageIsRefused() {
    JavaFileObject f =
        source(
            "Key",
            "import dev.widekey.annotations.*;",
            "@WideTable(name = \"keys\")",
            "public record Key(@PartitionKey @KeyChars(\"a-z\") String id, String v) {}");
    Compilation c = compile(f);
    assertRejected(c, 1);
    assertError(
        c, Rule.WK100, Messages.entityHiddenByKeyRecord("Key"), f, "@WideTable(name = \"keys\")");
  }

  @Test
  void fieldsWithOneConstantCaseGetTheirOwnAlphabetConstants() throws Exception {
    Compilation c =
        compile(
            source(
                "fz.Devices",
                "package fz;",
                "import dev.widekey.annotations.*;",
                "@WideTable(name = \"devices\")",
                "public record Devices(",
                "    @PartitionKey(order = 0) @KeyChars(\"a-z\") String deviceId,",
                "    @PartitionKey(order = 1) @KeyChars(\"0-9\") String device_id,",
                "    @PartitionKey(order = 2) @KeyChars(\"A-Z\") String device_Id,",
                "    String v) {}"));
    GeneratedClassLoader loader = new GeneratedClassLoader(c);
    Method key =
        loader
            .loadClass("fz.DevicesKeys")
            .getMethod("primaryKey", String.class, String.class, String.class);
    assertThat(key.invoke(null, "ab", "12", "XY").toString()).contains("ab,12,XY");
  }

  /** Finding 5: joined partition-column names are checked as field names are. */
  @Test
  void joinedColumnNamesAreChecked() {
    JavaFileObject taken =
        source(
            "fz.Taken",
            "package fz;",
            "import dev.widekey.annotations.*;",
            "@WideTable(name = \"taken\")",
            "public record Taken(",
            "    @PartitionKey(order = 0) @KeyChars(\"a-z\") String a,",
            "    @PartitionKey(order = 1) @KeyChars(\"a-z\") String b,",
            "    String a_b) {}");
    Compilation c = compile(taken);
    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK207,
        Messages.joinedColumnTaken("a_b", "'a', 'b'", "a_b"),
        taken,
        "@PartitionKey(order = 0)");

    JavaFileObject reserved =
        source(
            "fz.Reserved",
            "package fz;",
            "import dev.widekey.annotations.*;",
            "@WideTable(name = \"reserved\")",
            "public record Reserved(",
            "    @PartitionKey(order = 0) @KeyChars(\"a-z\") String wk,",
            "    @PartitionKey(order = 1) @KeyChars(\"a-z\") String cold,",
            "    String v) {}");
    c = compile(reserved);
    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK207,
        Messages.joinedColumnReserved("wk_cold", "'wk', 'cold'"),
        reserved,
        "@PartitionKey(order = 0)");

    String name = "a".repeat(60);
    StringBuilder fields = new StringBuilder();
    List<String> parts = new java.util.ArrayList<>();
    for (int i = 0; i < 5; i++) {
      fields.append(
          "@PartitionKey(order = " + i + ") @KeyChars(\"a-z\") String " + name + i + ", ");
      parts.add(name + i);
    }
    JavaFileObject tooLong =
        source(
            "fz.TooLong",
            "package fz;",
            "import dev.widekey.annotations.*;",
            "@WideTable(name = \"too_long\")",
            "public record TooLong(" + fields + "String v) {}");
    c = compile(tooLong);
    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK207,
        Messages.joinedColumnTooLong(
            String.join("_", parts),
            String.join(", ", parts.stream().map(p -> "'" + p + "'").toList())),
        tooLong,
        "@PartitionKey(order = 0)");
  }

  /** Finding 7 (in part): an entity nested in a private class is refused like a private one. */
  @Test
  void entityInsideAPrivateClassIsRefused() {
    JavaFileObject f =
        source(
            "fz.Outer",
            "package fz;",
            "import dev.widekey.annotations.*;",
            "public class Outer {",
            "  private static class Hidden {",
            "    @WideTable(name = \"hidden\")",
            "    public record Item(@PartitionKey @KeyChars(\"a-z\") String id, String v) {}",
            "  }",
            "}");
    Compilation c = compile(f);
    assertRejected(c, 1);
    assertError(c, Rule.WK100, Messages.privateEntity("Item"), f, "public record Item");
  }

  /** Finding 6: a hash over a later component does not scatter a sequential leading one. */
  @Test
  void hashOnALaterComponentDoesNotSatisfyWk102() {
    JavaFileObject f =
        source(
            "fz.Orders",
            "package fz;",
            "import dev.widekey.annotations.*;",
            "@WideTable(name = \"region_orders\")",
            "public record Orders(",
            "    @PartitionKey(order = 0) @Sequential @Padded(width = 12) long orderNumber,",
            "    @PartitionKey(order = 1) @HashPrefix(length = 4) Region region,",
            "    String v) {",
            "  public enum Region { EU, US }",
            "}");
    Compilation c = compile(f);
    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK102,
        Messages.sequentialLeading("orderNumber", "@Sequential"),
        f,
        "long orderNumber");
  }

  /** Finding 7: a shape error no longer hides the entity's other errors. */
  @Test
  void genericEntityGetsItsKeyErrorsToo() {
    JavaFileObject f =
        source(
            "fz.Generic",
            "package fz;",
            "import dev.widekey.annotations.*;",
            "@WideTable(name = \"generic\")",
            "public record Generic<T>(",
            "    @PartitionKey(order = 0) @NotSequential(reason = \"shards are written at once\") long shard,",
            "    @PartitionKey(order = 1) @KeyChars(\"a-z\") String name,",
            "    String v) {}");
    Compilation c = compile(f);
    assertRejected(c, 2);
    assertError(c, Rule.WK100, Messages.genericEntity("Generic"), f, "public record Generic");
    assertError(
        c, Rule.WK103, Messages.unpaddedSplice("shard", "long"), f, "@PartitionKey(order = 0)");
  }

  @Test
  void abstractEntityGetsItsAttributeErrorsToo() {
    JavaFileObject f =
        source(
            "fz.Priced",
            "package fz;",
            "import dev.widekey.annotations.*;",
            "@WideTable(name = \"priced\")",
            "public abstract class Priced {",
            "  @PartitionKey @KeyChars(\"a-z\") public String id;",
            "  public java.math.BigDecimal total;",
            "}");
    Compilation c = compile(f);
    assertRejected(c, 2);
    assertError(c, Rule.WK100, Messages.abstractEntity("Priced"), f, "public abstract class");
    assertError(c, Rule.WK201, Messages.bigDecimalWithoutMoney("total"), f, "BigDecimal total");
  }

  @Test
  void privateInnerAndHiddenEntitiesGetTheirOtherErrorsToo() {
    JavaFileObject f =
        source(
            "fz.Holder",
            "package fz;",
            "import dev.widekey.annotations.*;",
            "public class Holder {",
            "  @WideTable(name = \"private_one\")",
            "  private static class PrivateOne {",
            "    @PartitionKey @KeyChars(\"a-z\") public String id;",
            "    public java.math.BigDecimal total;",
            "  }",
            "  @WideTable(name = \"inner_one\")",
            "  public class InnerOne {",
            "    @PartitionKey @KeyChars(\"a-z\") public String id;",
            "    public java.math.BigDecimal fee;",
            "  }",
            "  private static class Hidden {",
            "    @WideTable(name = \"hidden_one\")",
            "    public record HiddenOne(",
            "        @PartitionKey(order = 0) @NotSequential(reason = \"slots are written at once\") int slot,",
            "        @PartitionKey(order = 1) @KeyChars(\"a-z\") String name,",
            "        String v) {}",
            "  }",
            "}");
    Compilation c = compile(f);
    assertRejected(c, 6);
    assertError(c, Rule.WK100, Messages.privateEntity("PrivateOne"), f, "class PrivateOne {");
    assertError(c, Rule.WK201, Messages.bigDecimalWithoutMoney("total"), f, "BigDecimal total");
    assertError(c, Rule.WK100, Messages.innerEntity("InnerOne"), f, "class InnerOne {");
    assertError(c, Rule.WK201, Messages.bigDecimalWithoutMoney("fee"), f, "BigDecimal fee");
    assertError(c, Rule.WK100, Messages.privateEntity("HiddenOne"), f, "record HiddenOne(");
    assertError(c, Rule.WK103, Messages.unpaddedSplice("slot", "int"), f, "at once\") int slot");
  }

  /** Finding 7: a @HashPrefix refused for its type does not cover the sequential leading key. */
  @Test
  void invalidHashPrefixDoesNotHideWk102() {
    for (String type : List.of("boolean", "double")) {
      JavaFileObject f =
          source(
              "fz.Ticks",
              "package fz;",
              "import dev.widekey.annotations.*;",
              "@WideTable(name = \"ticks\")",
              "public record Ticks(",
              "    @PartitionKey @Sequential @HashPrefix(length = 4) " + type + " tick,",
              "    String v) {}");
      Compilation c = compile(f);
      assertRejected(c, 3);
      assertError(c, Rule.WK108, Messages.badKeyType("tick", type), f, type + " tick");
      assertError(c, Rule.WK106, Messages.hashType("tick", type), f, type + " tick");
      assertError(
          c, Rule.WK102, Messages.sequentialLeading("tick", "@Sequential"), f, type + " tick");
    }
  }

  /**
   * Finding 8: a partition key hashed whole sorts by the hash, so its delimiter need not sort below
   * the components' characters; it only has to stay out of them, for decoding.
   */
  @Test
  void wholeHashedKeyTakesADelimiterAboveTheAlphabet() throws Exception {
    Compilation c =
        compile(
            source(
                "fz.Tagged",
                "package fz;",
                "import dev.widekey.annotations.*;",
                "@HashPrefix(length = 4)",
                "@WideTable(name = \"tagged\", delimiter = '~')",
                "public record Tagged(",
                "    @PartitionKey(order = 0) @KeyChars(\"a-z\") String tenant,",
                "    @PartitionKey(order = 1) long seq,",
                "    @PartitionKey(order = 2) Level level,",
                "    @KeyColumn(order = 0) long at,",
                "    String v) {",
                "  public enum Level { LOW, HIGH }",
                "}"));
    assertThat(c.status()).isEqualTo(Compilation.Status.SUCCESS);
    GeneratedClassLoader loader = new GeneratedClassLoader(c);
    Class<?> type = loader.loadClass("fz.Tagged");
    Class<?> level = loader.loadClass("fz.Tagged$Level");
    Object high = level.getEnumConstants()[1];
    Object entity = type.getConstructors()[0].newInstance("ab", -54L, high, 3L, "x");
    Class<?> keys = loader.loadClass("fz.TaggedKeys");
    PrimaryKey pk = (PrimaryKey) keys.getMethod("primaryKey", type).invoke(null, entity);
    assertThat(pk.toString()).contains("ab~-54~HIGH");
    Object decoded = keys.getMethod("decode", PrimaryKey.class).invoke(null, pk);
    assertThat(decoded.getClass().getMethod("seq").invoke(decoded)).isEqualTo(-54L);
    assertThat(decoded.getClass().getMethod("level").invoke(decoded)).isEqualTo(high);
    try (WideTableStore store = EmbeddedStore.inMemory()) {
      var repo = repository(loader, "fz.TaggedRepository", store);
      repo.put(entity);
      Method get = repo.getClass().getMethod("get", String.class, long.class, level, long.class);
      assertThat(((Optional<?>) get.invoke(repo, "ab", -54L, high, 3L)).orElseThrow())
          .isEqualTo(entity);
    }
  }

  @Test
  void wholeHashedKeyRefusesADelimiterInsideAnAlphabet() {
    JavaFileObject f =
        source(
            "fz.Clash",
            "package fz;",
            "import dev.widekey.annotations.*;",
            "@HashPrefix(length = 4)",
            "@WideTable(name = \"clash\", delimiter = 'q')",
            "public record Clash(",
            "    @PartitionKey(order = 0) @KeyChars(\"a-z\") String tenant,",
            "    @PartitionKey(order = 1) long seq,",
            "    String v) {}");
    Compilation c = compile(f);
    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK105,
        Messages.delimiterInHashedComponent("tenant", 'q', "@KeyChars(\"a-z\")"),
        f,
        "@KeyChars(\"a-z\") String tenant");
  }

  /**
   * Finding 9: a field named like the entity's nested enum obscures the type in an expression
   * ({@code Level::valueOf} named the field): generated code names the enum by its class literal.
   */
  @Test
  void fieldNamedLikeTheNestedEnum() throws Exception {
    Compilation c =
        compile(
            source(
                "fz.Levels",
                "package fz;",
                "import dev.widekey.annotations.*;",
                "@WideTable(name = \"levels\")",
                "public class Levels {",
                "  @PartitionKey @NotSequential(reason = \"two levels, intended\") public Level level;",
                "  public boolean Level;",
                "  public Level mode;",
                "  public enum Level { LOW, HIGH }",
                "}"));
    assertThat(c.status()).isEqualTo(Compilation.Status.SUCCESS);
    GeneratedClassLoader loader = new GeneratedClassLoader(c);
    Class<?> type = loader.loadClass("fz.Levels");
    Class<?> level = loader.loadClass("fz.Levels$Level");
    Object high = level.getEnumConstants()[1];
    Object entity = type.getConstructor().newInstance();
    type.getField("level").set(entity, high);
    type.getField("Level").set(entity, true);
    type.getField("mode").set(entity, level.getEnumConstants()[0]);
    Class<?> keys = loader.loadClass("fz.LevelsKeys");
    PrimaryKey pk = (PrimaryKey) keys.getMethod("primaryKey", type).invoke(null, entity);
    Object decoded = keys.getMethod("decode", PrimaryKey.class).invoke(null, pk);
    assertThat(decoded.getClass().getMethod("level").invoke(decoded)).isEqualTo(high);
    try (WideTableStore store = EmbeddedStore.inMemory()) {
      var repo = repository(loader, "fz.LevelsRepository", store);
      repo.put(entity);
      Object read =
          ((Optional<?>) repo.getClass().getMethod("get", level).invoke(repo, high)).orElseThrow();
      assertThat(type.getField("mode").get(read)).isEqualTo(level.getEnumConstants()[0]);
      assertThat(type.getField("Level").get(read)).isEqualTo(true);
    }
  }

  /**
   * Finding 10: a nested entity's generated classes are flattened ({@code Outer.Item} gives {@code
   * Outer_ItemKeys}), so a top-level {@code Outer_Item} beside it made the processor fail on the
   * file it could not create twice.
   */
  @Test
  void flattenedGeneratedNamesBelongToOneEntity() {
    JavaFileObject nested =
        source(
            "fz.Outer",
            "package fz;",
            "import dev.widekey.annotations.*;",
            "public class Outer {",
            "  @WideTable(name = \"nested_items\")",
            "  public record Item(@PartitionKey @KeyChars(\"a-z\") String id, String v) {}",
            "}");
    JavaFileObject flat =
        source(
            "fz.Outer_Item",
            "package fz;",
            "import dev.widekey.annotations.*;",
            "@WideTable(name = \"flat_items\")",
            "public record Outer_Item(@PartitionKey @KeyChars(\"a-z\") String id, String v) {}");
    Compilation c = compile(nested, flat);
    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK100,
        Messages.generatedTypeTaken("Outer_Item", "fz.Outer_ItemKeys", "fz.Outer.Item"),
        flat,
        "@WideTable(name = \"flat_items\")");
  }

  /**
   * Finding 11: a class of the entity's package named like a {@code java.lang} type ({@code
   * Integer}, {@code Long}, {@code Override}) hides it in the generated files of that package,
   * which named {@code Integer.MIN_VALUE} or {@code Long.toString} by their simple names: they are
   * now written in full there.
   */
  @Test
  void packageTypesNamedLikeJavaLangTypes() throws Exception {
    List<JavaFileObject> files = new java.util.ArrayList<>();
    for (String shadow : List.of("Integer", "Long", "Short", "Byte", "String", "Math")) {
      files.add(source("fz." + shadow, "package fz;", "public class " + shadow + " {}"));
    }
    files.add(source("fz.Override", "package fz;", "public @interface Override {}"));
    files.add(
        source(
            "fz.Tick",
            "package fz;",
            "import dev.widekey.annotations.*;",
            "@WideTable(name = \"ticks\")",
            "public record Tick(",
            "    @PartitionKey(order = 0) @Bucketed(buckets = 4) long at,",
            "    @PartitionKey(order = 1) @Padded(width = 10, signed = true) int slot,",
            "    @KeyColumn(order = 0) short s,",
            "    @KeyColumn(order = 1) byte b,",
            "    @KeyColumn(order = 2) @KeyChars(\"a-z\") java.lang.String name,",
            "    java.lang.Long v) {}"));
    Compilation c = compile(files.toArray(new JavaFileObject[0]));
    GeneratedClassLoader loader = new GeneratedClassLoader(c);
    Class<?> type = loader.loadClass("fz.Tick");
    Object tick =
        type.getConstructors()[0].newInstance(-7L, -3, (short) -2, (byte) 5, "ab", Long.valueOf(9));
    try (WideTableStore store = EmbeddedStore.inMemory()) {
      var repo = repository(loader, "fz.TickRepository", store);
      repo.put(tick);
      Method get =
          repo.getClass()
              .getMethod("get", long.class, int.class, short.class, byte.class, String.class);
      assertThat(((Optional<?>) get.invoke(repo, -7L, -3, (short) -2, (byte) 5, "ab")))
          .hasValue(tick);
    }
  }

  /**
   * Finding 12: a field whose type is a private nested enum (or one nested in a private class, or a
   * protected one inherited from another package) compiled in the entity but failed in the
   * generated classes beside it; it is now WK100 on the field.
   */
  @Test
  void fieldTypesTheGeneratedClassesCannotName() {
    JavaFileObject f = Fixtures.bad("wk100/PrivateEnumField");
    Compilation c = compile(f);
    assertRejected(c, 2);
    assertError(
        c,
        Rule.WK100,
        Messages.inaccessibleFieldType(
            "level",
            "bad.wk100.PrivateEnumField.Level",
            "bad.wk100.PrivateEnumField.Level",
            "private",
            "PrivateEnumField",
            true),
        f,
        "Level level");
    assertError(
        c,
        Rule.WK100,
        Messages.inaccessibleFieldType(
            "mode",
            "bad.wk100.PrivateEnumField.Hidden.Mode",
            "bad.wk100.PrivateEnumField.Hidden",
            "private",
            "PrivateEnumField",
            true),
        f,
        "Hidden.Mode mode");

    JavaFileObject base =
        source(
            "fz.base.Base",
            "package fz.base;",
            "public class Base {",
            "  protected enum Level { LOW, HIGH }",
            "}");
    JavaFileObject sub =
        source(
            "fz.Sub",
            "package fz;",
            "import dev.widekey.annotations.*;",
            "@WideTable(name = \"subs\")",
            "public class Sub extends fz.base.Base {",
            "  @PartitionKey @KeyChars(\"a-z\") public String id;",
            "  public Level level;",
            "}");
    c = compile(base, sub);
    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK100,
        Messages.inaccessibleFieldType(
            "level", "fz.base.Base.Level", "fz.base.Base.Level", "protected", "Sub", false),
        sub,
        "public Level level;");
  }

  /**
   * Finding 13: a time-sharded entity whose key leads with a {@code @Bucketed} component got a
   * sharded repository calling {@code rangeByAtBetween}, which a bucketed key does not have (its
   * range is one per bucket): the sharded scan now merges every bucket of every period table.
   */
  @Test
  void shardedBucketedKeyScansEveryBucketOfEveryPeriod() throws Exception {
    GeneratedClassLoader loader =
        new GeneratedClassLoader(compile(Fixtures.good("ShardedBucketedReading")));
    Class<?> type = loader.loadClass("good.ShardedBucketedReading");
    var create = type.getConstructor(java.time.Instant.class, String.class, long.class);
    java.time.Instant day = java.time.Instant.parse("2026-11-23T00:00:00Z");
    try (WideTableStore store = EmbeddedStore.inMemory()) {
      var readings =
          (dev.widekey.runtime.repository.TimeShardedRepository<?, ?>)
              loader
                  .loadClass("good.ShardedBucketedReadingShardedRepository")
                  .getConstructor(WideTableStore.class)
                  .newInstance(store);
      @SuppressWarnings("unchecked")
      var writer = (dev.widekey.runtime.repository.TimeShardedRepository<Object, ?>) readings;
      writer.allowingBackfill(day, day.plus(java.time.Duration.ofDays(3)));
      List<java.time.Instant> written = new java.util.ArrayList<>();
      for (int i = 0; i < 20; i++) {
        // two days, every bucket: consecutive milliseconds take the buckets in turn
        java.time.Instant at = day.plusMillis(i * 8_640_000L + i);
        written.add(at);
        writer.put(create.newInstance(at, "s" + i, (long) i));
      }
      assertThat(store.listTables("bucketed_readings")).hasSize(2);
      Method scan =
          readings
              .getClass()
              .getMethod(
                  "scanByAtBetween",
                  java.time.Instant.class,
                  java.time.Instant.class,
                  java.time.Instant.class,
                  java.time.Instant.class);
      java.time.Instant from = written.get(3);
      java.time.Instant to = written.get(17);
      try (Stream<?> rows =
          (Stream<?>)
              scan.invoke(readings, from, to, day, day.plus(java.time.Duration.ofDays(2)))) {
        List<Object> ats = new java.util.ArrayList<>();
        for (Object r : rows.toList()) {
          ats.add(type.getMethod("at").invoke(r));
        }
        assertThat(ats).containsExactlyElementsIn(written.subList(3, 17)).inOrder();
      }
      // and newest first: every bucket of every day read backward, merged greatest key first
      Method descending =
          readings
              .getClass()
              .getMethod(
                  "scanByAtBetweenDescending",
                  java.time.Instant.class,
                  java.time.Instant.class,
                  java.time.Instant.class,
                  java.time.Instant.class);
      try (Stream<?> rows =
          (Stream<?>)
              descending.invoke(readings, from, to, day, day.plus(java.time.Duration.ofDays(2)))) {
        List<Object> ats = new java.util.ArrayList<>();
        for (Object r : rows.toList()) {
          ats.add(type.getMethod("at").invoke(r));
        }
        List<java.time.Instant> newestFirst = new java.util.ArrayList<>(written.subList(3, 17));
        java.util.Collections.reverse(newestFirst);
        assertThat(ats).containsExactlyElementsIn(newestFirst).inOrder();
      }
    }
  }

  /**
   * Finding 14: a boolean named {@code isActive} with Kotlin's or Lombok's accessors ({@code
   * isActive()}, {@code setActive(...)}) was refused for want of {@code setIsActive}.
   */
  @Test
  void kotlinStyleBooleanAccessors() throws Exception {
    GeneratedClassLoader loader =
        new GeneratedClassLoader(compile(Fixtures.good("KotlinStyleFlags")));
    Class<?> type = loader.loadClass("good.KotlinStyleFlags");
    Object flags = type.getConstructor().newInstance();
    type.getMethod("setId", String.class).invoke(flags, "f1");
    type.getMethod("setActive", boolean.class).invoke(flags, true);
    type.getMethod("setDeleted", Boolean.class).invoke(flags, Boolean.FALSE);
    try (WideTableStore store = EmbeddedStore.inMemory()) {
      var repo = repository(loader, "good.KotlinStyleFlagsRepository", store);
      repo.put(flags);
      Object read =
          ((Optional<?>) repo.getClass().getMethod("get", String.class).invoke(repo, "f1"))
              .orElseThrow();
      assertThat(type.getMethod("isActive").invoke(read)).isEqualTo(true);
      assertThat(type.getMethod("isDeleted").invoke(read)).isEqualTo(false);
    }
  }

  /**
   * Finding 15: stored values the entity's own constructor refuses (a record's compact constructor
   * that validates) escaped a read as the constructor's exception; they are now the typed {@code
   * CORRUPT_DATA} error every other unreadable row is.
   */
  @Test
  void storedValuesTheEntityRefusesAreCorruptData() throws Exception {
    Compilation c =
        compile(
            source(
                "fz.Meter",
                "package fz;",
                "import dev.widekey.annotations.*;",
                "@WideTable(name = \"meters\")",
                "public record Meter(@PartitionKey @KeyChars(\"a-z\") String id, long reading) {",
                "  public Meter {",
                "    if (reading < 0) throw new IllegalArgumentException(\"negative reading\");",
                "  }",
                "}"));
    GeneratedClassLoader loader = new GeneratedClassLoader(c);
    try (WideTableStore store = EmbeddedStore.inMemory()) {
      var repo = repository(loader, "fz.MeterRepository", store);
      PrimaryKey key =
          (PrimaryKey)
              loader
                  .loadClass("fz.MeterKeys")
                  .getMethod("primaryKey", String.class)
                  .invoke(null, "m");
      // another writer stores a reading the record refuses
      store.put(
          "meters",
          dev.widekey.runtime.store.Row.of(
              key, java.util.Map.of("reading", dev.widekey.runtime.store.AttrValue.ofInteger(-1))));
      Method get = repo.getClass().getMethod("get", String.class);
      java.lang.reflect.InvocationTargetException failed =
          org.junit.jupiter.api.Assertions.assertThrows(
              java.lang.reflect.InvocationTargetException.class, () -> get.invoke(repo, "m"));
      var e = (dev.widekey.runtime.store.StoreException) failed.getCause();
      assertThat(e.kind()).isEqualTo(dev.widekey.runtime.store.ErrorKind.CORRUPT_DATA);
      assertThat(e.getMessage()).contains("negative reading");
      assertThat(e.getCause()).isInstanceOf(IllegalArgumentException.class);
      try (Stream<Object> all = repo.scanAll()) {
        org.junit.jupiter.api.Assertions.assertThrows(
            dev.widekey.runtime.store.StoreException.class, all::toList);
      }
    }
  }

  /**
   * A record whose constructor requires a cold field refuses every hot-only read (the cold fields
   * are then null): still {@code CORRUPT_DATA}, but the message says the read, not the data, is the
   * likely cause and names the read that works, which does.
   */
  @Test
  void aHotOnlyReadTheConstructorRefusesNamesTheReadWithColdColumns() throws Exception {
    Compilation c =
        compile(
            source(
                "fz.Note",
                "package fz;",
                "import dev.widekey.annotations.*;",
                "@WideTable(name = \"notes\")",
                "public record Note(@PartitionKey @KeyChars(\"a-z\") String id, String title,",
                "    @ColdColumn String body) {",
                "  public Note {",
                "    java.util.Objects.requireNonNull(body, \"body\");",
                "  }",
                "}"));
    GeneratedClassLoader loader = new GeneratedClassLoader(c);
    Class<?> type = loader.loadClass("fz.Note");
    try (WideTableStore store = EmbeddedStore.inMemory()) {
      var repo = repository(loader, "fz.NoteRepository", store);
      Object note =
          type.getConstructor(String.class, String.class, String.class)
              .newInstance("n", "title", "the body");
      repo.put(note);
      Method getWithCold = repo.getClass().getMethod("getWithCold", String.class);
      assertThat(((Optional<?>) getWithCold.invoke(repo, "n")).orElseThrow()).isEqualTo(note);
      Method get = repo.getClass().getMethod("get", String.class);
      java.lang.reflect.InvocationTargetException failed =
          org.junit.jupiter.api.Assertions.assertThrows(
              java.lang.reflect.InvocationTargetException.class, () -> get.invoke(repo, "n"));
      var e = (dev.widekey.runtime.store.StoreException) failed.getCause();
      assertThat(e.kind()).isEqualTo(dev.widekey.runtime.store.ErrorKind.CORRUPT_DATA);
      assertThat(e.getMessage()).contains("this read was hot-only");
      assertThat(e.getMessage()).contains("getWithCold");
      assertThat(e.getCause()).isInstanceOf(NullPointerException.class);
    }
  }

  /**
   * Finding 16: a hand-written type of the entity's package named like a generated class (an {@code
   * OrderRepository} interface beside the entity {@code Order}) made javac's Filer refuse to write
   * the generated one, which the processor reported as its own failure; it is WK100 now.
   */
  @Test
  void handWrittenTypeNamedLikeAGeneratedClass() {
    JavaFileObject order =
        source(
            "fz.Order",
            "package fz;",
            "import dev.widekey.annotations.*;",
            "@WideTable(name = \"orders\")",
            "public record Order(@PartitionKey @KeyChars(\"a-z\") String id, String v) {}");
    JavaFileObject repository =
        source(
            "fz.OrderRepository",
            "package fz;",
            "public interface OrderRepository {",
            "  Order find(String id);",
            "}");
    Compilation c = compile(order, repository);
    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK100,
        Messages.generatedTypeExists("Order", "fz.OrderRepository"),
        order,
        "@WideTable(name = \"orders\")");
  }

  /**
   * Finding 17: a time-sharded entity's {@code FooShardedRepository} was not among the generated
   * names claimed, so an entity {@code FooSharded} beside it (whose repository has that name) made
   * the Filer fail; the second one is WK100 now.
   */
  @Test
  void shardedRepositoryNameIsClaimedToo() {
    JavaFileObject order =
        source(
            "fz.Order",
            "package fz;",
            "import dev.widekey.annotations.*;",
            "@WideTable(name = \"orders\")",
            "@TimeSharded(by = \"at\", retain = 2)",
            "public record Order(@PartitionKey @KeyChars(\"a-z\") String id, java.time.Instant at) {}");
    JavaFileObject sharded =
        source(
            "fz.OrderSharded",
            "package fz;",
            "import dev.widekey.annotations.*;",
            "@WideTable(name = \"order_sharded\")",
            "public record OrderSharded(@PartitionKey @KeyChars(\"a-z\") String id, String v) {}");
    Compilation c = compile(order, sharded);
    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK100,
        Messages.generatedTypeTaken("OrderSharded", "fz.OrderShardedRepository", "fz.Order"),
        sharded,
        "@WideTable(name = \"order_sharded\")");
  }

  /**
   * Finding 18: an entity whose table is named like a period table of a time-sharded entity's
   * ({@code orders_2026_11} beside a monthly {@code orders}) shared that table's rows, and the
   * sharded entity's retention would drop it; it is WK207 now, whichever entity comes first.
   */
  @Test
  void tableNamedLikeAPeriodTableOfAnother() {
    JavaFileObject orders =
        source(
            "fz.Order",
            "package fz;",
            "import dev.widekey.annotations.*;",
            "@WideTable(name = \"orders\")",
            "@TimeSharded(by = \"at\", period = ShardPeriod.MONTH, retain = 2)",
            "public record Order(@PartitionKey @KeyChars(\"a-z\") String id, java.time.Instant at) {}");
    JavaFileObject november =
        source(
            "fz.November",
            "package fz;",
            "import dev.widekey.annotations.*;",
            "@WideTable(name = \"orders_2026_11\")",
            "public record November(@PartitionKey @KeyChars(\"a-z\") String id, String v) {}");
    Compilation c = compile(orders, november);
    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK207,
        Messages.periodTableTaken("orders_2026_11", "orders", "MONTH", "fz.Order", false),
        november,
        "@WideTable(name = \"orders_2026_11\")");

    c = compile(november, orders);
    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK207,
        Messages.periodTableTaken("orders_2026_11", "orders", "MONTH", "fz.November", true),
        orders,
        "@WideTable(name = \"orders\")");
  }

  /**
   * Finding 19: a row of a period table without its shard value (another writer's) escaped a
   * sharded scan as the WK210 error of a write without one; it is CORRUPT_DATA now, as every other
   * unreadable row is.
   */
  @Test
  void storedRowWithoutItsShardValueIsCorruptData() throws Exception {
    GeneratedClassLoader loader = new GeneratedClassLoader(compile(Fixtures.good("ShardedOrder")));
    java.time.Instant nov = java.time.Instant.parse("2026-11-23T10:00:00Z");
    try (WideTableStore store = EmbeddedStore.inMemory()) {
      var orders =
          (dev.widekey.runtime.repository.TimeShardedRepository<?, ?>)
              loader
                  .loadClass("good.ShardedOrderShardedRepository")
                  .getConstructor(WideTableStore.class)
                  .newInstance(store);
      orders.createTables(nov);
      PrimaryKey key =
          (PrimaryKey)
              loader
                  .loadClass("good.ShardedOrderKeys")
                  .getMethod("primaryKey", String.class, long.class)
                  .invoke(null, "c1", 1L);
      store.put(
          "sharded_orders_2026_11",
          dev.widekey.runtime.store.Row.of(
              key, java.util.Map.of("total", dev.widekey.runtime.store.AttrValue.ofInteger(500))));
      Method scan =
          orders
              .getClass()
              .getMethod(
                  "scanByCustomerId",
                  String.class,
                  java.time.Instant.class,
                  java.time.Instant.class);
      try (Stream<?> rows =
          (Stream<?>) scan.invoke(orders, "c1", nov.minusSeconds(86_400), nov.plusSeconds(1))) {
        var e =
            org.junit.jupiter.api.Assertions.assertThrows(
                dev.widekey.runtime.store.StoreException.class, rows::toList);
        assertThat(e.kind()).isEqualTo(dev.widekey.runtime.store.ErrorKind.CORRUPT_DATA);
        assertThat(e.getMessage()).contains("createdAt");
      }
    }
  }

  /**
   * Finding 20: a time window reaching past the years 0 to 9999 that period tables are named for
   * failed every sharded scan: {@code scanBetween(Instant.MIN, Instant.MAX)}, the natural "read
   * everything", threw a raw {@code DateTimeException}, and a window from before the year 0 threw
   * WK210 as if a row were being written there. Such a window covers the named periods inside it
   * now; a point read or delete by a shard value outside those years finds nothing (no table is
   * named for it), and a write with one, {@code Instant.MIN} included, is WK210, never a {@code
   * DateTimeException}.
   */
  @Test
  void windowsPastTheNamedYearsReadThePeriodsInside() throws Exception {
    GeneratedClassLoader loader = new GeneratedClassLoader(compile(Fixtures.good("ShardedOrder")));
    Class<?> type = loader.loadClass("good.ShardedOrder");
    var create =
        type.getConstructor(
            String.class,
            long.class,
            java.time.Instant.class,
            java.math.BigDecimal.class,
            String.class);
    java.time.Instant nov = java.time.Instant.parse("2026-11-23T10:00:00Z");
    java.time.Instant yearZero = java.time.Instant.parse("0000-01-01T00:00:00Z");
    try (WideTableStore store = EmbeddedStore.inMemory()) {
      @SuppressWarnings("unchecked")
      var orders =
          (dev.widekey.runtime.repository.TimeShardedRepository<Object, ?>)
              loader
                  .loadClass("good.ShardedOrderShardedRepository")
                  .getConstructor(WideTableStore.class)
                  .newInstance(store);
      orders.allowingBackfill(
          dev.widekey.core.shard.Periods.FIRST, dev.widekey.core.shard.Periods.END);
      orders.put(create.newInstance("c1", 1L, nov, null, null));
      orders.put(create.newInstance("c1", 2L, yearZero, null, null));
      Method scan =
          orders
              .getClass()
              .getMethod(
                  "scanByCustomerId",
                  String.class,
                  java.time.Instant.class,
                  java.time.Instant.class);
      java.time.Instant[][] windows = {
        {java.time.Instant.MIN, java.time.Instant.MAX},
        {java.time.Instant.parse("-1000-01-01T00:00:00Z"), nov.plusSeconds(1)},
        {yearZero, java.time.Instant.parse("+12026-01-01T00:00:00Z")},
      };
      for (java.time.Instant[] w : windows) {
        try (Stream<Object> all = orders.scanBetween(w[0], w[1])) {
          assertThat(all.toList()).hasSize(2);
        }
        try (Stream<?> rows = (Stream<?>) scan.invoke(orders, "c1", w[0], w[1])) {
          assertThat(rows.toList()).hasSize(2);
        }
      }
      try (Stream<Object> none =
          orders.scanBetween(java.time.Instant.MIN, yearZero.minusMillis(1))) {
        assertThat(none.toList()).isEmpty();
      }
      try (Stream<Object> none =
          orders.scanBetweenDescending(
              java.time.Instant.parse("+10000-01-01T00:00:00Z"), java.time.Instant.MAX)) {
        assertThat(none.toList()).isEmpty();
      }
      Method get =
          orders.getClass().getMethod("get", String.class, long.class, java.time.Instant.class);
      assertThat(get.invoke(orders, "c1", 1L, java.time.Instant.MAX)).isEqualTo(Optional.empty());
      assertThat(get.invoke(orders, "c1", 1L, java.time.Instant.MIN)).isEqualTo(Optional.empty());
      for (java.time.Instant t :
          List.of(java.time.Instant.MIN, java.time.Instant.MAX, yearZero.minusMillis(1))) {
        var e =
            org.junit.jupiter.api.Assertions.assertThrows(
                dev.widekey.core.RuleViolationException.class,
                () -> orders.put(create.newInstance("c1", 3L, t, null, null)));
        assertThat(e).hasMessageThat().startsWith("WK210: ");
      }
      assertThat(store.listTables("sharded_orders"))
          .containsExactly(
              "sharded_orders_0000_01",
              "sharded_orders_2026_11",
              "sharded_orders_cold_0000_01",
              "sharded_orders_cold_2026_11");
    }
  }

  /**
   * Finding 21: a range bound finer than a millisecond over a time key (an {@code Instant}, {@code
   * LocalDateTime}, {@code OffsetDateTime} or {@code ZonedDateTime} column) was refused with WK104
   * "has sub-millisecond precision ... before storing", though a bound is never stored: {@code
   * scanByDeviceAndAtBetween(d, since, Instant.now())} failed on every JVM whose clock reads
   * microseconds. A bound now goes to the next whole millisecond, which bounds the same keys (keys
   * hold whole milliseconds): over a plain, a descending and a bucketed time key.
   */
  @Test
  void rangeBoundsFinerThanAMillisecond() throws Exception {
    GeneratedClassLoader loader =
        new GeneratedClassLoader(
            compile(
                source(
                    "fz.FineBounds",
                    "package fz;",
                    "import dev.widekey.annotations.*;",
                    "import java.time.*;",
                    "@WideTable(name = \"fine_bounds\")",
                    "public record FineBounds(",
                    "    @PartitionKey @Bucketed(buckets = 3) Instant at,",
                    "    @KeyColumn(order = 0, descending = true) LocalDateTime seen,",
                    "    @KeyColumn(order = 1) ZonedDateTime zoned) {}")));
    Class<?> type = loader.loadClass("fz.FineBounds");
    var create =
        type.getConstructor(
            java.time.Instant.class, java.time.LocalDateTime.class, java.time.ZonedDateTime.class);
    java.time.Instant t = java.time.Instant.parse("2026-11-23T10:00:00Z");
    java.time.LocalDateTime l = java.time.LocalDateTime.parse("2026-11-23T10:00:00");
    java.time.ZonedDateTime z = t.atZone(java.time.ZoneId.of("Europe/Paris"));
    try (WideTableStore store = EmbeddedStore.inMemory()) {
      SplitTableRepository<Object> repo = repository(loader, "fz.FineBoundsRepository", store);
      for (int i = 0; i < 4; i++) {
        repo.put(create.newInstance(t.plusMillis(i), l, z)); // at: t, t+1, t+2, t+3 ms
        repo.put(create.newInstance(t, l.plusNanos(i * 1_000_000L), z.plusNanos(i * 1_000_000L)));
      }
      java.time.Instant half = t.plusNanos(500_000); // t + 0.5 ms
      Method byAt =
          repo.getClass()
              .getMethod("scanByAtBetween", java.time.Instant.class, java.time.Instant.class);
      try (Stream<?> rows = (Stream<?>) byAt.invoke(repo, half, half.plusMillis(2))) {
        List<Object> ats = new java.util.ArrayList<>();
        for (Object r : rows.toList()) {
          ats.add(type.getMethod("at").invoke(r));
        }
        // [t + 0.5, t + 2.5): t + 1 and t + 2
        assertThat(ats).containsExactly(t.plusMillis(1), t.plusMillis(2)).inOrder();
      }
      Method bySeen =
          repo.getClass()
              .getMethod(
                  "scanByAtAndSeenBetweenDescending",
                  java.time.Instant.class,
                  java.time.LocalDateTime.class,
                  java.time.LocalDateTime.class);
      try (Stream<?> rows =
          (Stream<?>) bySeen.invoke(repo, t, l.minusNanos(1), l.plusNanos(2_000_001))) {
        List<Object> seen = new java.util.ArrayList<>();
        for (Object r : rows.toList()) {
          seen.add(type.getMethod("seen").invoke(r));
        }
        // [l - 1 ns, l + 2 ms + 1 ns) smallest first (descending column read backward)
        assertThat(seen)
            .containsExactly(l, l.plusNanos(1_000_000), l.plusNanos(2_000_000))
            .inOrder();
      }
      Method byZoned =
          repo.getClass()
              .getMethod(
                  "scanByAtAndSeenAndZonedBetween",
                  java.time.Instant.class,
                  java.time.LocalDateTime.class,
                  java.time.ZonedDateTime.class,
                  java.time.ZonedDateTime.class);
      try (Stream<?> rows =
          (Stream<?>) byZoned.invoke(repo, t, l, z.plusNanos(1), z.plusNanos(999_999_999))) {
        assertThat(rows.toList()).isEmpty(); // (z, z + 1 s) holds no key with seen = l but z
      }
      // a bound outside a long of milliseconds lies above every key (issue 20: never WK104, never
      // an overflow): [t, Instant.MAX) is every row from t on, [Instant.MIN, t) every row before
      try (Stream<?> rows = (Stream<?>) byAt.invoke(repo, t, java.time.Instant.MAX)) {
        assertThat(rows.toList()).hasSize(7); // at = t (four rows) and t + 1 .. t + 3
      }
      try (Stream<?> rows = (Stream<?>) byAt.invoke(repo, java.time.Instant.MIN, t)) {
        assertThat(rows.toList()).isEmpty();
      }
    }
  }

  /**
   * Finding 22: where a key component is named {@code from} or {@code to}, a range method's bounds
   * are {@code from_} and {@code to_}, but its Javadoc still said "from {@code from} (inclusive) to
   * {@code to} (exclusive)", naming the key component's parameter instead of the bound. The Javadoc
   * names the bounds as the parameters are allocated now, in every generated class.
   */
  @Test
  void rangeJavadocNamesTheBoundsAsTheParameters() {
    Compilation c =
        compile(
            source(
                "fz.Trip",
                "package fz;",
                "import dev.widekey.annotations.*;",
                "import java.time.Instant;",
                "@WideTable(name = \"trips\")",
                "@TimeSharded(by = \"at\", period = ShardPeriod.DAY, retain = 2)",
                "public record Trip(",
                "    @PartitionKey @KeyChars(\"a-z\") @MaxLength(8) String from,",
                "    @KeyColumn(order = 0) long to,",
                "    @KeyColumn(order = 1) long seq,",
                "    Instant at) {}"));
    com.google.testing.compile.CompilationSubject.assertThat(c).succeeded();
    String bounds = "seq from {@code from_} (inclusive) to {@code to_} (exclusive)";
    for (String generated : List.of("TripKeys", "TripShardedRepository")) {
      String text =
          c.generatedSourceFile("fz." + generated)
              .map(
                  f -> {
                    try {
                      return f.getCharContent(true).toString();
                    } catch (java.io.IOException e) {
                      throw new java.io.UncheckedIOException(e);
                    }
                  })
              .orElseThrow();
      assertThat(text).contains(bounds);
      assertThat(text).doesNotContain("seq from {@code from} (inclusive)");
    }
  }

  /**
   * Finding 23: a {@code @Transient} key component (WK212) left the class entity without it, so a
   * class keyed by it alone was also told it had no {@code @PartitionKey} (WK101), and a record
   * entity was not checked at all past WK212, its other errors (here a time to live Tablestore
   * refuses, WK209) unreported. The key component stays in the model: every rule the declaration
   * breaks is reported, and none it does not.
   */
  @Test
  void transientKeyComponentIsReportedWithTheEntitysOtherErrorsOnly() {
    for (String declaration :
        List.of(
            "public class Cart { @PartitionKey @Transient public String id; public String name; }",
            "public record Cart(@PartitionKey @Transient String id, String name) {}",
            "public record Cart(@PartitionKey @KeyChars(\"a-z\") String id,"
                + " @KeyColumn @Transient long seq, String name) {}")) {
      Compilation c =
          compile(
              source(
                  "fz.Cart",
                  "package fz;",
                  "import dev.widekey.annotations.*;",
                  "@WideTable(name = \"carts\", ttlSeconds = 5)",
                  declaration));
      List<String> rules =
          c.errors().stream()
              .map(d -> d.getMessage(java.util.Locale.ROOT).substring(0, 5))
              .sorted()
              .toList();
      com.google.common.truth.Truth.assertWithMessage(declaration)
          .that(rules)
          .containsExactly("WK209", "WK212")
          .inOrder();
    }
  }

  /**
   * Finding 24: {@code update} of a versioned entity at version 0 (one never read from the store)
   * wrote it as a new row where the entity has a cold table, though an update writes only a stored
   * row and no stored row holds version 0; without a cold table it was refused. Both refuse it now
   * and write nothing, with a row stored or not. Found by the entity fuzzer's updates (seed
   * 20240611, entity 118).
   */
  @Test
  void updateAtVersionZeroWritesNothingWithOrWithoutAColdTable() throws Exception {
    Compilation c =
        compile(
            source(
                "fz.ColdAccount",
                "package fz;",
                "import dev.widekey.annotations.*;",
                "@WideTable(name = \"cold_accounts\")",
                "public record ColdAccount(",
                "    @PartitionKey String id, @ColdColumn String note, @Version long version) {}"),
            source(
                "fz.HotAccount",
                "package fz;",
                "import dev.widekey.annotations.*;",
                "@WideTable(name = \"hot_accounts\")",
                "public record HotAccount(",
                "    @PartitionKey String id, String note, @Version long version) {}"));
    GeneratedClassLoader loader = new GeneratedClassLoader(c);
    for (String name : List.of("fz.ColdAccount", "fz.HotAccount")) {
      try (WideTableStore store = EmbeddedStore.inMemory()) {
        var repo = repository(loader, name + "Repository", store);
        Class<?> type = loader.loadClass(name);
        var of = type.getConstructor(String.class, String.class, long.class);
        Method get = repo.getClass().getMethod("get", String.class);
        var absent =
            org.junit.jupiter.api.Assertions.assertThrows(
                dev.widekey.runtime.store.StoreException.class,
                () -> repo.update(of.newInstance("a", "never stored", 0L)),
                name);
        assertThat(absent.kind()).isEqualTo(dev.widekey.runtime.store.ErrorKind.CONDITION_FAILED);
        assertThat((Optional<?>) get.invoke(repo, "a")).isEmpty();
        // with a row stored (version 1), version 0 is a stale read: refused, the row kept
        repo.put(of.newInstance("a", "first", 0L));
        var stale =
            org.junit.jupiter.api.Assertions.assertThrows(
                dev.widekey.runtime.store.StoreException.class,
                () -> repo.update(of.newInstance("a", "stale", 0L)),
                name);
        assertThat(stale.kind()).isEqualTo(dev.widekey.runtime.store.ErrorKind.CONDITION_FAILED);
        assertThat(((Optional<?>) get.invoke(repo, "a")).orElseThrow())
            .isEqualTo(of.newInstance("a", name.equals("fz.HotAccount") ? "first" : null, 1L));
      }
    }
  }
}
