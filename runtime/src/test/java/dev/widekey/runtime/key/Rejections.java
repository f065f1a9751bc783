package dev.widekey.runtime.key;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.widekey.core.RuleViolationException;
import org.junit.jupiter.api.function.Executable;

/** Asserts a rule violation: its exact type, rule id, field and message layout. */
public final class Rejections {
  private Rejections() {}

  public static <T extends RuleViolationException> T expectRejected(
      Class<T> type, String rule, String field, Executable call) {
    Throwable caught = null;
    try {
      call.execute();
    } catch (Throwable t) {
      caught = t;
    }
    final Throwable thrown = caught;
    if (thrown == null) {
      fail("expected " + type.getSimpleName() + " " + rule + " for field '" + field + "'");
    }
    assertSame(type, thrown.getClass(), () -> "wrong exception: " + thrown);
    T e = type.cast(thrown);
    assertEquals(rule, e.rule(), e::getMessage);
    assertEquals(field, e.field(), e::getMessage);
    String head = rule + ": field '" + field + "' ";
    assertTrue(e.getMessage().startsWith(head), () -> "message layout: " + e.getMessage());
    assertEquals(head + e.problem(), e.getMessage());
    return e;
  }

  /** That a message shows at most 64 characters of a value of {@code length} chars. */
  public static void assertAbbreviated(String message, char filler, int length) {
    int run = 0;
    int longest = 0;
    for (int i = 0; i < message.length(); i++) {
      run = message.charAt(i) == filler ? run + 1 : 0;
      longest = Math.max(longest, run);
    }
    assertTrue(longest <= 64, () -> "message shows " + message.length() + " chars: " + message);
    assertTrue(message.contains("…"), message);
    assertTrue(message.contains("(" + length + " chars)"), message);
  }
}
