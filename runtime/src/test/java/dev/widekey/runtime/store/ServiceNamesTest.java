package dev.widekey.runtime.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.core.store.ServiceNames;
import dev.widekey.runtime.key.Property;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class ServiceNamesTest {
  /** Tablestore's documented rule, as a regular expression: the oracle for the hand loop. */
  private static final Pattern DOCUMENTED = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,254}");

  private static final String CHARS = "aZz_09$-. éß中\uD83D\uDE00\u0000AQ";

  @Test
  void examples() {
    assertTrue(ServiceNames.isLegal("device_transactions"));
    assertTrue(ServiceNames.isLegal("_"));
    assertTrue(ServiceNames.isLegal("a".repeat(255)));
    assertFalse(ServiceNames.isLegal("a".repeat(256)));
    assertFalse(ServiceNames.isLegal(""));
    assertFalse(ServiceNames.isLegal("9lives"));
    assertFalse(ServiceNames.isLegal("price$cents"));
    assertFalse(ServiceNames.isLegal("café"));
  }

  @Test
  void agreesWithTheDocumentedPatternOnRandomNames() {
    Property.forAll(
        "isLegal agrees with " + DOCUMENTED,
        20_000,
        random -> {
          int length = random.nextInt(10) == 0 ? 250 + random.nextInt(10) : random.nextInt(12);
          StringBuilder name = new StringBuilder();
          for (int i = 0; i < length; i++) {
            // mostly legal characters, so that long legal names occur
            name.append(
                random.nextInt(8) == 0
                    ? CHARS.charAt(random.nextInt(CHARS.length()))
                    : "abcXYZ_019".charAt(random.nextInt(10)));
          }
          String s = name.toString();
          assertEquals(DOCUMENTED.matcher(s).matches(), ServiceNames.isLegal(s), s);
        });
  }
}
