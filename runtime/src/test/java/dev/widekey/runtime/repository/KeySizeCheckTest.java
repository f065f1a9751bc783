package dev.widekey.runtime.repository;

import static dev.widekey.runtime.key.Property.forAll;
import static dev.widekey.runtime.key.Rejections.expectRejected;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.core.key.InvalidKeyException;
import dev.widekey.core.store.PkType;
import dev.widekey.core.store.StoreLimits;
import dev.widekey.core.store.Utf8;
import dev.widekey.runtime.key.Property;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** WK109 at run time: {@link SplitTableRepository#checkKeySize}, the one primary-key size check. */
class KeySizeCheckTest {
  private static final List<PkColumn> SCHEMA = List.of(new PkColumn("pk", PkType.STRING));

  private static void check(String value, int maxBytes) {
    StoreLimits d = StoreLimits.DEFAULT;
    StoreLimits limits =
        new StoreLimits(
            maxBytes,
            d.maxAttributeBytes(),
            d.maxBatchRows(),
            d.maxBatchBytes(),
            d.maxMultiGetRows(),
            d.maxPkColumns(),
            d.requireAttribute());
    SplitTableRepository.checkKeySize(SCHEMA, PrimaryKey.of(PkValue.ofString(value)), limits);
  }

  @Test
  void columnSizeCountsUtf8Bytes() {
    assertEquals(1024, "a".repeat(1024).getBytes(StandardCharsets.UTF_8).length);
    check("a".repeat(1024), 1024);
    check("é".repeat(512), 1024); // 2 bytes each
    check("\uD83D\uDE00".repeat(256), 1024); // 4 bytes each
    String[] over = {
      "a".repeat(1025), "é".repeat(513), "\uD83D\uDE00".repeat(257), "中".repeat(342)
    };
    for (String value : over) {
      int bytes = value.getBytes(StandardCharsets.UTF_8).length;
      InvalidKeyException e =
          expectRejected(InvalidKeyException.class, "WK109", "pk", () -> check(value, 1024));
      assertTrue(e.getMessage().contains(bytes + " bytes"), e.getMessage());
      assertTrue(e.getMessage().contains("1024"), e.getMessage());
      assertTrue(e.getMessage().length() < 500, e.getMessage());
    }
    expectRejected(InvalidKeyException.class, "WK105", "pk", () -> check("a\uD800", 1024));
  }

  @Test
  void columnSizeAgreesWithTheJdkOnRandomText() {
    forAll(
        "checkKeySize accepts exactly the values of at most maxBytes UTF-8 bytes",
        2_000,
        random -> {
          String value = Property.wellFormedText(random, random.nextInt(400));
          int bytes = value.getBytes(StandardCharsets.UTF_8).length;
          int max = Math.max(0, bytes + random.nextInt(5) - 2);
          if (bytes <= max) {
            assertDoesNotThrow(() -> check(value, max));
          } else {
            expectRejected(InvalidKeyException.class, "WK109", "pk", () -> check(value, max));
          }
          assertEquals(bytes, Utf8.encodedLength(value));
        });
  }
}
