package dev.widekey.runtime.layout;

import static dev.widekey.runtime.layout.TestLayouts.component;
import static dev.widekey.runtime.layout.TestLayouts.hot;
import static dev.widekey.runtime.layout.TestLayouts.part;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.core.key.InvalidKeyException;
import dev.widekey.core.layout.KeyPartLayout;
import dev.widekey.core.layout.LayoutText;
import dev.widekey.core.layout.TableLayout;
import dev.widekey.core.store.PkType;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A time key component declared {@code @TruncatedToMillis}: its layout line {@code
 * key.N.part.M.truncate=MILLIS}, read back, and the layout codec truncating on encode as the
 * generated encoder does, where an untruncated component refuses the finer value (WK104).
 */
class TruncatedKeyLayoutTest {
  private static final Instant FINE = Instant.parse("2026-11-26T10:15:30.123456789Z");

  private static KeyPartLayout truncated(String name, String kind) {
    return new KeyPartLayout(name, kind, 0, false, false, null, 0, true);
  }

  @Test
  void theTruncateLineIsWrittenAndReadBack() {
    TableLayout layout = hot("events", component(PkType.INTEGER, truncated("at", "INSTANT")));

    String text = LayoutText.render(layout);

    assertTrue(text.contains("key.0.part.0=at INSTANT\nkey.0.part.0.truncate=MILLIS\n"), text);
    assertEquals(layout, LayoutText.parse(text));
  }

  @Test
  void anotherTruncateValueIsRefused() {
    String text =
        LayoutText.render(hot("events", component(PkType.INTEGER, truncated("at", "INSTANT"))))
            .replace("truncate=MILLIS", "truncate=SECONDS");

    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> LayoutText.parse(text));
    assertTrue(e.getMessage().contains("must be MILLIS"), e.getMessage());
  }

  @Test
  void theCodecTruncatesWhereTheLayoutSaysAndRefusesElsewhere() {
    LayoutKeyCodec truncating =
        LayoutKeyCodec.of(hot("events", component(PkType.INTEGER, truncated("at", "INSTANT"))));
    LayoutKeyCodec strict =
        LayoutKeyCodec.of(hot("events", component(PkType.INTEGER, part("at", "INSTANT"))));

    PrimaryKey key = truncating.encode(Map.of("at", FINE));

    assertEquals(List.of(PkValue.ofInteger(FINE.toEpochMilli())), key.values());
    assertEquals(key, strict.encode(Map.of("at", FINE.toEpochMilli())));
    InvalidKeyException e =
        assertThrows(InvalidKeyException.class, () -> strict.encode(Map.of("at", FINE)));
    assertTrue(e.getMessage().startsWith("WK104"), e.getMessage());
    // a local date-time too
    LayoutKeyCodec local =
        LayoutKeyCodec.of(
            hot("events", component(PkType.INTEGER, truncated("at", "LOCAL_DATE_TIME"))));
    assertEquals(
        key.values(),
        local
            .encode(Map.of("at", LocalDateTime.of(2026, 11, 26, 10, 15, 30, 123_456_789)))
            .values());
  }

  @Test
  void onlyAMillisecondTimeIsTruncated() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> LayoutKeyCodec.of(hot("t", component(PkType.INTEGER, truncated("n", "LONG")))));
    assertTrue(e.getMessage().contains("only a time kept as epoch milliseconds"), e.getMessage());
  }
}
