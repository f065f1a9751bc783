package dev.widekey.runtime.store;

import dev.widekey.core.RuleViolationException;
import dev.widekey.core.store.AttrType;
import dev.widekey.core.store.Utf8;
import java.util.Arrays;
import java.util.Objects;

/**
 * One typed attribute value. Immutable; binary values are copied in and out.
 *
 * <pre>{@code
 * AttrValue quantity = AttrValue.ofInteger(3);
 * AttrValue text = AttrValue.ofString("hello");
 * }</pre>
 */
public final class AttrValue {
  private final AttrType type;
  private final Object value; // String, Long, Double, Boolean or byte[]
  // a string's UTF-8 length once measured (0: not yet): the checks, the batch limits and the
  // partition counters each ask for it; a racy cache of an int is safe, as String.hashCode's is
  private int stringBytes;

  private AttrValue(AttrType type, Object value) {
    this.type = type;
    this.value = value;
  }

  public static AttrValue ofString(String value) {
    return new AttrValue(AttrType.STRING, Objects.requireNonNull(value, "value"));
  }

  public static AttrValue ofInteger(long value) {
    return new AttrValue(AttrType.INTEGER, value);
  }

  public static AttrValue ofDouble(double value) {
    return new AttrValue(AttrType.DOUBLE, value);
  }

  public static AttrValue ofBoolean(boolean value) {
    return new AttrValue(AttrType.BOOLEAN, value);
  }

  /** A binary value; the array is copied. */
  public static AttrValue ofBinary(byte[] value) {
    return new AttrValue(AttrType.BINARY, Objects.requireNonNull(value, "value").clone());
  }

  public AttrType type() {
    return type;
  }

  public String asString() {
    requireType(AttrType.STRING);
    return (String) value;
  }

  public long asLong() {
    requireType(AttrType.INTEGER);
    return (Long) value;
  }

  public double asDouble() {
    requireType(AttrType.DOUBLE);
    return (Double) value;
  }

  public boolean asBoolean() {
    requireType(AttrType.BOOLEAN);
    return (Boolean) value;
  }

  /** A copy of the binary value. */
  public byte[] asBinary() {
    requireType(AttrType.BINARY);
    return ((byte[]) value).clone();
  }

  /**
   * Bytes the value occupies in the store; the 2 MB attribute limit is measured on this.
   *
   * @throws IllegalArgumentException if a string holds an unpaired surrogate, which has no UTF-8
   *     form and so no size in the store
   */
  public int sizeInBytes() {
    return switch (type) {
      case STRING -> stringBytes();
      case INTEGER, DOUBLE -> 8;
      case BOOLEAN -> 1;
      case BINARY -> ((byte[]) value).length;
    };
  }

  private int stringBytes() {
    int bytes = stringBytes;
    if (bytes == 0) {
      bytes = Math.toIntExact(Utf8.encodedLength((String) value)); // throws on no UTF-8 form
      stringBytes = bytes;
    }
    return bytes;
  }

  private void requireType(AttrType expected) {
    if (type != expected) {
      throw new IllegalStateException("attribute value of type " + type + " is not " + expected);
    }
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof AttrValue a) || a.type != type) {
      return false;
    }
    return type == AttrType.BINARY
        ? Arrays.equals((byte[]) value, (byte[]) a.value)
        : value.equals(a.value);
  }

  @Override
  public int hashCode() {
    return type == AttrType.BINARY ? Arrays.hashCode((byte[]) value) : value.hashCode();
  }

  /**
   * The type, the size and a short escaped prefix, never the whole value: {@code STRING(5 chars)
   * "hello"}, {@code BINARY(2 bytes) 0x000a}, {@code INTEGER 5}. Outcomes and rows are logged, and
   * a value may be megabytes of personal data.
   */
  @Override
  public String toString() {
    return switch (type) {
      case STRING -> {
        String s = (String) value;
        yield "STRING("
            + s.length()
            + " chars) \""
            + RuleViolationException.escapedPrefix(s)
            + "\"";
      }
      case BINARY -> {
        byte[] b = (byte[]) value;
        yield "BINARY(" + b.length + " bytes) " + RuleViolationException.hexPrefix(b);
      }
      default -> type + " " + value;
    };
  }
}
