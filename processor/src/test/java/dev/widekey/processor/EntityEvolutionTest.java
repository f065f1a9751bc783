package dev.widekey.processor;

import static com.google.common.truth.Truth.assertThat;
import static dev.widekey.processor.Fixtures.compile;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.testing.compile.JavaFileObjects;
import dev.widekey.runtime.repository.SplitTableRepository;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import java.lang.reflect.InvocationTargetException;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * An entity changed while its table holds rows, without committed layouts: rows one build of the
 * entity wrote are read by the next build. A change whose rows still read reads them; one whose
 * rows no longer read fails with {@link ErrorKind#CORRUPT_DATA} naming the column and the entity
 * change that likely caused it (rule WK308 refuses it at compile time with committed layouts), not
 * as a row of another program.
 */
class EntityEvolutionTest {
  private final EmbeddedStore store = EmbeddedStore.inMemory();

  @AfterEach
  void close() {
    store.close();
  }

  /** A {@code things} entity of package {@code pkg} with one attribute, and its sample. */
  private static String source(String pkg, String field, String value, String members) {
    return "package "
        + pkg
        + ";\nimport dev.widekey.annotations.*;\nimport java.time.*;\n"
        + "@WideTable(name = \"things\")\npublic record Thing("
        + "@PartitionKey @KeyChars(\"a-z0-9\") @MaxLength(20) String id, "
        + field
        + ") {\n"
        + (value == null
            ? ""
            : "  public static Thing sample() { return new Thing(\"t1\", " + value + "); }\n")
        + members
        + "}\n";
  }

  /**
   * Writes row t1 with the entity as {@code before} declares it (holding {@code value}), then reads
   * it with the entity as {@code after} declares it: what {@code getWithCold} (or {@code get})
   * returns, or throws.
   */
  private Optional<?> writeThenRead(
      String before, String value, String beforeMembers, String after, String afterMembers)
      throws Exception {
    GeneratedClassLoader old =
        new GeneratedClassLoader(
            compile(
                JavaFileObjects.forSourceString(
                    "v1.Thing", source("v1", before, value, beforeMembers))));
    GeneratedClassLoader now =
        new GeneratedClassLoader(
            compile(
                JavaFileObjects.forSourceString(
                    "v2.Thing", source("v2", after, null, afterMembers))));
    SplitTableRepository<Object> writer = repository(old, "v1");
    writer.put(old.loadClass("v1.Thing").getMethod("sample").invoke(null));
    SplitTableRepository<Object> reader = repository(now, "v2");
    java.lang.reflect.Method read; // the read that sees every field
    try {
      read = reader.getClass().getMethod("getWithCold", String.class);
    } catch (NoSuchMethodException hotOnly) {
      read = reader.getClass().getMethod("get", String.class);
    }
    try {
      return (Optional<?>) read.invoke(reader, "t1");
    } catch (InvocationTargetException e) {
      throw (Exception) e.getCause();
    }
  }

  @SuppressWarnings("unchecked")
  private SplitTableRepository<Object> repository(GeneratedClassLoader loader, String pkg)
      throws Exception {
    SplitTableRepository<Object> repo =
        (SplitTableRepository<Object>)
            loader
                .loadClass(pkg + ".ThingRepository")
                .getConstructor(WideTableStore.class)
                .newInstance(store);
    repo.createTables();
    return repo;
  }

  private StoreException unreadable(
      String before, String value, String beforeMembers, String after, String afterMembers) {
    StoreException e =
        assertThrows(
            StoreException.class,
            () -> writeThenRead(before, value, beforeMembers, after, afterMembers));
    assertThat(e.kind()).isEqualTo(ErrorKind.CORRUPT_DATA);
    assertThat(e.getMessage()).doesNotContain("not written by widekey");
    return e;
  }

  @Test
  void anEnumConstantRemovedIsNamedAsSuch() {
    StoreException e =
        unreadable(
            "S state",
            "S.SHUT",
            "public enum S { OPEN, SHUT }\n",
            "S state",
            "public enum S { OPEN, CLOSED }\n");

    assertThat(e.getMessage()).contains("column 'state'");
    assertThat(e.getMessage()).contains("'SHUT'");
    assertThat(e.getMessage()).contains("no constant of v2.Thing.S");
    assertThat(e.getMessage()).contains("removed or renamed");
    assertThat(e.getMessage()).contains("WK308");
  }

  @Test
  void aTypeChangedIsNamedAsSuch() {
    StoreException compressed =
        unreadable(
            "@ColdColumn String body",
            "\"hello\"",
            "",
            "@ColdColumn(compress = true) String body",
            "");
    StoreException retyped = unreadable("String count", "\"seven\"", "", "Long count", "");
    StoreException time =
        unreadable(
            "Instant at", "Instant.ofEpochMilli(1700000000000L)", "", "LocalDateTime at", "");

    for (StoreException e : new StoreException[] {compressed, retyped, time}) {
      assertThat(e.getMessage()).contains("changed since the row was written");
      assertThat(e.getMessage()).contains("WK308");
    }
    assertThat(compressed.getMessage()).contains("column 'body'");
    assertThat(retyped.getMessage()).contains("column 'count'");
    assertThat(time.getMessage()).contains("column 'at'");
  }

  /**
   * A field renamed with {@code @RenamedFrom} on a row that holds only the old column: the rename
   * acknowledges that the old value is no longer read, not that the entity is gone. Before, a hot
   * read selected only the new column, found nothing, and read the stored entity as absent.
   */
  @Test
  void aRowHoldingOnlyARenamedColumnIsStillFound() throws Exception {
    assertThat(
            writeThenRead("String note", "\"kept\"", "", "@RenamedFrom(\"note\") String text", "")
                .orElseThrow()
                .toString())
        .isEqualTo("Thing[id=t1, text=null]");
    assertThat(
            writeThenRead(
                    "@ColdColumn String note",
                    "\"kept\"",
                    "",
                    "@ColdColumn @RenamedFrom(\"note\") String text",
                    "")
                .orElseThrow()
                .toString())
        .isEqualTo("Thing[id=t1, text=null]");
  }

  @Test
  void wideningsReadTheStoredValues() throws Exception {
    assertThat(writeThenRead("int n", "7", "", "long n", "").orElseThrow().toString())
        .isEqualTo("Thing[id=t1, n=7]");
    assertThat(writeThenRead("Integer n", "7", "", "Long n", "").orElseThrow().toString())
        .isEqualTo("Thing[id=t1, n=7]");
    assertThat(writeThenRead("float n", "0.1f", "", "double n", "").orElseThrow().toString())
        .isEqualTo("Thing[id=t1, n=" + (double) 0.1f + "]");
    assertThat(
            writeThenRead(
                    "Instant at",
                    "Instant.ofEpochMilli(1700000000000L)",
                    "",
                    "OffsetDateTime at",
                    "")
                .orElseThrow()
                .toString())
        .isEqualTo("Thing[id=t1, at=2023-11-14T22:13:20Z]");
    // the class renamed or moved to another package (v1 -> v2 is one) with the same table
    assertThat(
            writeThenRead("String note", "\"x\"", "", "String note", "").orElseThrow().toString())
        .isEqualTo("Thing[id=t1, note=x]");
  }
}
