package dev.widekey.runtime.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.runtime.repository.Columns;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * toString and messages never copy a whole value: a failure listener that logs an outcome must not
 * write whole rows (personal data included) into the log, nor a user's line breaks.
 */
class BoundedToStringTest {
  private static final int MB = 1024 * 1024;
  private static final String LONG_TEXT = "line one\nforged log line " + "x".repeat(2 * MB);

  private static void assertBounded(String shown) {
    assertTrue(shown.length() < 400, shown.length() + " chars: " + shown);
    assertFalse(shown.contains("\n"), shown);
    assertFalse(shown.contains("x".repeat(100)), shown);
  }

  @Test
  void attributeValuesShowTypeSizeAndAShortEscapedPrefix() {
    String text = AttrValue.ofString(LONG_TEXT).toString();
    assertBounded(text);
    assertTrue(text.startsWith("STRING"), text);
    assertTrue(text.contains(String.valueOf(LONG_TEXT.length())), text);
    assertTrue(text.contains("line one\\u000Aforged"), text);
    String binary = AttrValue.ofBinary(new byte[2 * MB]).toString();
    assertBounded(binary);
    assertTrue(binary.startsWith("BINARY"), binary);
    assertTrue(binary.contains(String.valueOf(2 * MB)), binary);
    assertEquals("STRING(2 chars) \"hi\"", AttrValue.ofString("hi").toString());
    assertEquals("BINARY(2 bytes) 0x000a", AttrValue.ofBinary(new byte[] {0, 10}).toString());
    assertEquals("INTEGER 5", AttrValue.ofInteger(5).toString());
    assertEquals("BOOLEAN true", AttrValue.ofBoolean(true).toString());
  }

  @Test
  void keyValuesStayCompactAndBounded() {
    assertEquals("\"000054,a100\"", PkValue.ofString("000054,a100").toString());
    assertEquals("5", PkValue.ofInteger(5).toString());
    assertEquals("0x0102", PkValue.ofBinary(new byte[] {1, 2}).toString());
    assertBounded(PkValue.ofString(LONG_TEXT).toString());
    assertBounded(PkValue.ofBinary(new byte[MB]).toString());
    assertBounded(PrimaryKey.of(PkValue.ofString(LONG_TEXT)).toString());
  }

  @Test
  void rowsAndWriteOpsShowAFewColumnsAtMost() {
    Map<String, AttrValue> columns = new TreeMap<>();
    for (int i = 0; i < 1000; i++) {
      columns.put("c" + i, AttrValue.ofString("v" + i));
    }
    columns.put("body", AttrValue.ofString(LONG_TEXT));
    Row row = Row.of(PrimaryKey.of(PkValue.ofString(LONG_TEXT)), columns);
    String shown = row.toString();
    assertTrue(shown.length() < 1500, shown.length() + " chars: " + shown);
    assertFalse(shown.contains("\n"), shown);
    assertTrue(shown.contains("1001 columns"), shown);
    assertTrue(WriteOp.put("t", row).toString().length() < 1600);
    assertBounded(WriteOp.delete("t", row.key()).toString());
  }

  @Test
  void aStoredTextThatFailsToParseIsQuotedNotCopied() {
    Row row =
        Row.of(PrimaryKey.of(PkValue.ofInteger(1)), Map.of("at", AttrValue.ofString(LONG_TEXT)));
    StoreException e = assertThrows(StoreException.class, () -> Columns.getInstant(row, "at"));
    assertEquals(ErrorKind.CORRUPT_DATA, e.kind());
    assertFalse(e.retryable());
    assertBounded(e.getMessage());
    assertTrue(e.getMessage().contains("'at'"), e.getMessage());
  }
}
