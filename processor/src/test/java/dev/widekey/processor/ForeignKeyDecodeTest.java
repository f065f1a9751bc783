package dev.widekey.processor;

import static com.google.common.truth.Truth.assertThat;
import static dev.widekey.processor.Fixtures.compile;
import static dev.widekey.processor.Fixtures.good;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.widekey.core.key.InvalidKeyException;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import java.lang.reflect.InvocationTargetException;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Generated {@code decode} of a key it did not write throws {@link InvalidKeyException} naming the
 * field and the rule, never an untyped {@code IllegalArgumentException} or {@code
 * IllegalStateException}: an unknown enum name, a column of another type.
 */
class ForeignKeyDecodeTest {
  private static GeneratedClassLoader keyTypes;
  private static GeneratedClassLoader tickets;

  @BeforeAll
  static void compileFixtures() {
    keyTypes = new GeneratedClassLoader(compile(good("KeyTypes")));
    tickets = new GeneratedClassLoader(compile(good("Ticket")));
  }

  private static InvalidKeyException decodeFails(ClassLoader loader, String keys, PrimaryKey key) {
    return assertThrows(
        InvalidKeyException.class,
        () -> {
          try {
            loader.loadClass(keys).getMethod("decode", PrimaryKey.class).invoke(null, key);
          } catch (InvocationTargetException e) {
            throw e.getCause();
          }
        });
  }

  private static void assertNames(InvalidKeyException e, String field, String rule) {
    assertThat(e.field()).isEqualTo(field);
    assertThat(e.rule()).isEqualTo(rule);
    assertThat(e.getMessage()).startsWith(rule);
    assertThat(e.getMessage()).contains(field);
  }

  private static PrimaryKey keyTypesKey(PkValue region) {
    return PrimaryKey.of(
        region,
        PkValue.ofString(UUID.randomUUID().toString()),
        PkValue.ofInteger(1),
        PkValue.ofBinary(new byte[] {1}));
  }

  @Test
  void anUnknownEnumNameInThePartitionKey() {
    InvalidKeyException e =
        decodeFails(keyTypes, "good.KeyTypesKeys", keyTypesKey(PkValue.ofString("NOWHERE")));
    assertNames(e, "region", "WK112");
  }

  @Test
  void aPartitionColumnThatIsNotAString() {
    InvalidKeyException e =
        decodeFails(keyTypes, "good.KeyTypesKeys", keyTypesKey(PkValue.ofInteger(7)));
    assertThat(e.rule()).isEqualTo("WK112");
    assertThat(e.field()).isNotNull();
  }

  @Test
  void anUnknownEnumNameInAKeyColumn() {
    PrimaryKey key =
        PrimaryKey.of(PkValue.ofInteger(1), PkValue.ofString("URGENT"), PkValue.ofInteger(3));
    assertNames(decodeFails(tickets, "good.TicketKeys", key), "priority", "WK112");
  }

  @Test
  void anEnumKeyColumnThatIsNotAString() {
    PrimaryKey key =
        PrimaryKey.of(PkValue.ofInteger(1), PkValue.ofInteger(0), PkValue.ofInteger(3));
    InvalidKeyException e = decodeFails(tickets, "good.TicketKeys", key);
    assertThat(e.rule()).isEqualTo("WK112");
    assertThat(e.field()).isNotNull();
  }
}
