package dev.widekey.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.widekey.processor.Fixtures.bad;
import static dev.widekey.processor.Fixtures.compile;
import static dev.widekey.processor.Fixtures.good;
import static dev.widekey.processor.RuleAssertions.assertError;
import static dev.widekey.processor.RuleAssertions.assertRejected;

import com.google.testing.compile.Compilation;
import dev.widekey.core.Rule;
import dev.widekey.processor.diagnostics.Messages;
import dev.widekey.runtime.repository.SplitTableRepository;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Attribute converters ({@code @Convert}), {@code @Transient}, the column naming strategy (WK212)
 * and {@code @TruncatedToMillis} time keys (WK104): each misuse with its whole message, and the
 * generated code of {@code ConvertedProfile} and {@code TransientBean} run on the embedded store.
 */
class ConversionTest {
  private static final String CONVERTER_MISTAKES = "bad.wk212.ConverterMistakes";
  private final WideTableStore store = EmbeddedStore.inMemory();

  @AfterEach
  void close() throws Exception {
    store.close();
  }

  /**
   * The repository makes its converter in a static constant's initializer, which cannot throw a
   * checked exception: a converter whose no-argument constructor declares one is refused.
   */
  @Test
  void aConverterConstructorDeclaringACheckedExceptionIsRefused() {
    JavaFileObject f = bad("wk212/ThrowingConverter");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK212,
        Messages.converterConstructorThrows(
            "note", "bad.wk212.ThrowingConverter.Loading", "IOException"),
        f,
        "@Convert(ThrowingConverter.Loading.class) String note");
  }

  /** A raw AttributeConverter names no J: the message says so, not "a type variable". */
  @Test
  void aRawConverterIsCalledRaw() {
    JavaFileObject f =
        com.google.testing.compile.JavaFileObjects.forSourceString(
            "bad.RawConverted",
            "package bad;\n"
                + "import dev.widekey.annotations.*;\n"
                + "@WideTable(name = \"raw_converted\")\n"
                + "public record RawConverted(\n"
                + "    @PartitionKey @KeyChars(\"0-9\") @MaxLength(8) String id,\n"
                + "    @Convert(RawConverted.Raw.class) String body) {\n"
                + "  @SuppressWarnings(\"rawtypes\")\n"
                + "  public static class Raw implements dev.widekey.runtime.value.AttributeConverter {\n"
                + "    public Object toStored(Object o) { return o; }\n"
                + "    public Object fromStored(Object o) { return o; }\n"
                + "  }\n"
                + "}\n");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK212,
        Messages.converterWrongType(
            "body",
            "java.lang.String",
            "bad.RawConverted.Raw",
            "no declared type: it implements the raw AttributeConverter, without <J, S>; write"
                + " AttributeConverter<java.lang.String, S>"),
        f,
        "String body");
  }

  @Test
  void converterMistakesAreReportedOnTheirFields() {
    JavaFileObject f = bad("wk212/ConverterMistakes");
    Compilation c = compile(f);

    assertRejected(c, 6);
    assertError(c, Rule.WK212, Messages.converterOnKey("id"), f, "String id,");
    assertError(
        c,
        Rule.WK212,
        Messages.converterNotConverter("plain", CONVERTER_MISTAKES + ".NotAConverter"),
        f,
        "List<String> plain");
    assertError(
        c,
        Rule.WK212,
        Messages.converterWrongType(
            "wrongType",
            "java.util.List<java.lang.String>",
            CONVERTER_MISTAKES + ".TextConverter",
            "java.lang.String"),
        f,
        "List<String> wrongType");
    assertError(
        c,
        Rule.WK212,
        Messages.converterStoredType(
            "intStored", CONVERTER_MISTAKES + ".IntConverter", "java.lang.Integer"),
        f,
        "String intStored");
    assertError(
        c,
        Rule.WK212,
        Messages.converterNotConstructible("needsArgs", CONVERTER_MISTAKES + ".NeedsArgs"),
        f,
        "String needsArgs");
    assertError(c, Rule.WK212, Messages.converterWith("total", "@Money"), f, "@Money(scale = 2)");
  }

  @Test
  void chunkingNeedsTheFieldItselfToBeTextOrBytes() {
    JavaFileObject f = bad("wk202/ConvertedChunked");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK202,
        Messages.chunkedType("chunkedTags", "java.util.List<java.lang.String>"),
        f,
        "List<String> chunkedTags");
  }

  @Test
  void compressionDeflatesTheConvertersStoredText() throws Exception {
    Compilation c = compile(good("ConvertedCompressed"));
    assertThat(c).succeededWithoutWarnings();
    GeneratedClassLoader loader = new GeneratedClassLoader(c);
    Class<?> type = loader.loadClass("good.ConvertedCompressed");
    SplitTableRepository<Object> repo = repository(loader, "good.ConvertedCompressedRepository");
    List<String> lines = List.of("first line", "second line", "first line");
    Object entity = type.getConstructors()[0].newInstance("d1", "t", lines);
    repo.put(entity);

    List<Row> cold;
    try (Stream<Row> all = store.scan("converted_compressed_cold", ScanRange.all(2))) {
      cold = all.toList();
    }
    assertThat(cold).hasSize(1);
    AttrValue stored = cold.get(0).columns().get("lines");
    assertThat(stored.type()).isEqualTo(dev.widekey.core.store.AttrType.BINARY); // deflated
    Object read =
        ((Optional<?>) repo.getClass().getMethod("getWithCold", String.class).invoke(repo, "d1"))
            .orElseThrow();
    assertThat(type.getMethod("lines").invoke(read)).isEqualTo(lines);
  }

  @Test
  void aTransientKeyIsRefused() {
    JavaFileObject f = bad("wk212/TransientKey");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK212,
        "WK212: field 'part' is @Transient and @KeyColumn: a transient field is not stored, but"
            + " every row is found by its key. Remove @Transient, or make the field no key"
            + " component.",
        f,
        "@Transient String part");
  }

  @Test
  void aTransientFieldCarriesNoStorageAnnotation() {
    JavaFileObject f = bad("wk212/TransientCold");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(
        c, Rule.WK212, Messages.transientAnnotated("body", "@ColdColumn"), f, "String body");
  }

  @Test
  void columnsThatClashAfterNamingAreRefused() {
    JavaFileObject f = bad("wk212/ColumnClash");
    Compilation c = compile(f);

    assertRejected(c, 2);
    assertError(
        c,
        Rule.WK212,
        Messages.columnClash("userId", "user_id", "user_id", "SNAKE_CASE", "field"),
        f,
        "String userId,");
    assertError(
        c,
        Rule.WK212,
        Messages.columnClash(
            "accountId", "account_id", "account_id", "SNAKE_CASE", "primary-key column"),
        f,
        "String accountId)");
  }

  @Test
  void truncationOnlyOnMillisecondTimeKeys() {
    JavaFileObject f = bad("wk104/TruncatedMisuse");
    Compilation c = compile(f);

    assertRejected(c, 2);
    assertError(
        c,
        Rule.WK104,
        Messages.truncatedType("day", "java.time.LocalDate"),
        f,
        "@KeyColumn @TruncatedToMillis LocalDate day");
    assertError(c, Rule.WK104, Messages.truncatedNotKey("updatedAt"), f, "Instant updatedAt");
  }

  @Test
  void convertedTransientAndSnakeCaseEntityRoundTrips() throws Exception {
    Compilation c = compile(good("ConvertedProfile"));
    assertThat(c).succeededWithoutWarnings();
    GeneratedClassLoader loader = new GeneratedClassLoader(c);
    Class<?> type = loader.loadClass("good.ConvertedProfile");
    Class<?> cents = loader.loadClass("good.ConvertedProfile$Cents");
    SplitTableRepository<Object> repo = repository(loader, "good.ConvertedProfileRepository");

    Instant now = Instant.parse("2026-11-26T10:15:30.123456789Z");
    Object balance = cents.getConstructor(long.class).newInstance(532L);
    Object profile =
        type.getConstructors()[0].newInstance(
            "u1", now, "Ada L", List.of("a", "b"), balance, "shown", 7);
    repo.put(profile);

    // the stored row: snake_case columns, the converters' stored values, no transient column
    List<Row> rows;
    try (Stream<Row> all = store.scan("profiles", ScanRange.all(2))) {
      rows = all.toList();
    }
    assertThat(rows).hasSize(1);
    Row row = rows.get(0);
    assertThat(row.columns().keySet()).containsAtLeast("display_name", "tags", "balance");
    assertThat(row.columns().keySet()).containsNoneOf("displayName", "view", "hits");
    assertThat(row.columns().get("display_name")).isEqualTo(AttrValue.ofString("Ada L"));
    assertThat(row.columns().get("tags")).isEqualTo(AttrValue.ofString("a,b"));
    assertThat(row.columns().get("balance")).isEqualTo(AttrValue.ofInteger(532));
    // the time key holds whole milliseconds: the nanoseconds were truncated, not refused
    assertThat(row.key().values().get(1)).isEqualTo(PkValue.ofInteger(now.toEpochMilli()));

    Object read =
        ((Optional<?>)
                repo.getClass()
                    .getMethod("get", String.class, Instant.class)
                    .invoke(repo, "u1", now))
            .orElseThrow();
    assertThat(type.getMethod("seenAt").invoke(read))
        .isEqualTo(Instant.parse("2026-11-26T10:15:30.123Z"));
    assertThat(type.getMethod("displayName").invoke(read)).isEqualTo("Ada L");
    assertThat(type.getMethod("tags").invoke(read)).isEqualTo(List.of("a", "b"));
    assertThat(type.getMethod("balance").invoke(read)).isEqualTo(balance);
    assertThat(type.getMethod("view").invoke(read)).isNull();
    assertThat(type.getMethod("hits").invoke(read)).isEqualTo(0);

    // a null converted field is an absent column, read back as null without the converter
    Object bare = type.getConstructors()[0].newInstance("u2", now, null, null, null, null, 0);
    repo.put(bare);
    Object bareRead =
        ((Optional<?>)
                repo.getClass()
                    .getMethod("get", String.class, Instant.class)
                    .invoke(repo, "u2", now))
            .orElseThrow();
    assertThat(type.getMethod("tags").invoke(bareRead)).isNull();
    assertThat(type.getMethod("balance").invoke(bareRead)).isNull();
  }

  @Test
  void aTransientFieldOfAClassIsNeitherStoredNorSet() throws Exception {
    Compilation c = compile(good("TransientBean"));
    assertThat(c).succeededWithoutWarnings();
    GeneratedClassLoader loader = new GeneratedClassLoader(c);
    Class<?> type = loader.loadClass("good.TransientBean");
    SplitTableRepository<Object> repo = repository(loader, "good.TransientBeanRepository");
    Object bean = type.getConstructor().newInstance();
    type.getMethod("setId", String.class).invoke(bean, "b1");
    type.getMethod("setNote", String.class).invoke(bean, "n");
    repo.put(bean);

    try (Stream<Row> all = store.scan("transient_beans", ScanRange.all(1))) {
      assertThat(all.toList().get(0).columns().keySet()).doesNotContain("cache");
    }
    Object read =
        ((Optional<?>) repo.getClass().getMethod("get", String.class).invoke(repo, "b1"))
            .orElseThrow();
    assertThat(type.getMethod("getNote").invoke(read)).isEqualTo("n");
    assertThat(type.getMethod("cache").invoke(read)).isEqualTo("fresh");
  }

  @SuppressWarnings("unchecked")
  private SplitTableRepository<Object> repository(ClassLoader loader, String name)
      throws Exception {
    SplitTableRepository<Object> repo =
        (SplitTableRepository<Object>)
            loader.loadClass(name).getConstructor(WideTableStore.class).newInstance(store);
    repo.createTables();
    return repo;
  }
}
