package dev.widekey.runtime.store;

import dev.widekey.core.RuleViolationException;
import dev.widekey.core.store.PkType;
import dev.widekey.core.store.Utf8;
import java.util.Arrays;
import java.util.Objects;

/**
 * One typed primary-key column value, or one of the two range sentinels {@link #INF_MIN} and {@link
 * #INF_MAX} that sort before and after every value of a column (as Tablestore's {@code
 * INF_MIN}/{@code INF_MAX}). Immutable.
 *
 * <p>Values compare the way the stores sort them: INTEGER numerically, STRING by UTF-8 bytes (which
 * differs from {@link String#compareTo} for characters above U+D800), BINARY bytewise unsigned.
 *
 * <pre>{@code
 * PkValue a = PkValue.ofString("000054,a100");
 * PkValue b = PkValue.ofInteger(-5);
 * }</pre>
 */
public final class PkValue implements Comparable<PkValue> {
  /** Sorts before every value; only in scan bounds. */
  public static final PkValue INF_MIN = new PkValue(null, null, -1);

  /** Sorts after every value; only in scan bounds. */
  public static final PkValue INF_MAX = new PkValue(null, null, 1);

  private final PkType type;
  private final Object value; // String, Long or byte[] (a private copy)
  private final int sentinel; // -1 INF_MIN, 1 INF_MAX, 0 a value

  /** A string's UTF-8 length, once measured (a write's checks measure a key several times). */
  private int stringBytes;

  private PkValue(PkType type, Object value, int sentinel) {
    this.type = type;
    this.value = value;
    this.sentinel = sentinel;
  }

  /** A STRING value. */
  public static PkValue ofString(String value) {
    return new PkValue(PkType.STRING, Objects.requireNonNull(value, "value"), 0);
  }

  /** An INTEGER value. */
  public static PkValue ofInteger(long value) {
    return new PkValue(PkType.INTEGER, value, 0);
  }

  /** A BINARY value; the array is copied. */
  public static PkValue ofBinary(byte[] value) {
    return new PkValue(PkType.BINARY, Objects.requireNonNull(value, "value").clone(), 0);
  }

  /** A BINARY value of an array nobody else holds (a key decode's fresh copy): not copied again. */
  static PkValue ofOwnedBinary(byte[] value) {
    return new PkValue(PkType.BINARY, value, 0);
  }

  /** Whether this is {@link #INF_MIN} or {@link #INF_MAX}. */
  public boolean isInfinite() {
    return sentinel != 0;
  }

  /** The type; {@code null} for the sentinels. */
  public PkType type() {
    return type;
  }

  /** The STRING value. */
  public String asString() {
    requireType(PkType.STRING);
    return (String) value;
  }

  /** The INTEGER value. */
  public long asLong() {
    requireType(PkType.INTEGER);
    return (Long) value;
  }

  /** A copy of the BINARY value. */
  public byte[] asBinary() {
    return binaryBytes().clone();
  }

  /** The BINARY value's own array, for this package's readers, which never change it. */
  byte[] binaryBytes() {
    requireType(PkType.BINARY);
    return (byte[]) value;
  }

  /**
   * The number of bytes the value occupies in the store: UTF-8 length, 8 for an integer, the array
   * length for binary. This is what the 1 KB primary-key column limit is measured on.
   *
   * @throws IllegalArgumentException if a string holds an unpaired surrogate, which has no UTF-8
   *     form and so no size in the store
   */
  public int sizeInBytes() {
    if (sentinel != 0) {
      return 0;
    }
    return switch (type) {
      case STRING -> stringBytes();
      case INTEGER -> 8;
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

  private void requireType(PkType expected) {
    if (type != expected) {
      throw new IllegalStateException("primary-key value " + this + " is not " + expected);
    }
  }

  @Override
  public int compareTo(PkValue other) {
    if (sentinel != 0 || other.sentinel != 0) {
      return Integer.compare(sentinel, other.sentinel);
    }
    if (type != other.type) {
      throw new IllegalArgumentException(
          "cannot compare primary-key values of types " + type + " and " + other.type);
    }
    return switch (type) {
      case INTEGER -> Long.compare((Long) value, (Long) other.value);
      case STRING -> Utf8.compare((String) value, (String) other.value);
      case BINARY -> Arrays.compareUnsigned((byte[]) value, (byte[]) other.value);
    };
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (!(o instanceof PkValue p) || sentinel != p.sentinel || type != p.type) {
      return false;
    }
    if (sentinel != 0) {
      return true;
    }
    return type == PkType.BINARY
        ? Arrays.equals((byte[]) value, (byte[]) p.value)
        : value.equals(p.value);
  }

  @Override
  public int hashCode() {
    if (sentinel != 0) {
      return sentinel;
    }
    return type == PkType.BINARY ? Arrays.hashCode((byte[]) value) : value.hashCode();
  }

  @Override
  public String toString() {
    if (sentinel != 0) {
      return sentinel < 0 ? "INF_MIN" : "INF_MAX";
    }
    // bounded and escaped: a forged key can be long, and messages and logs show keys
    return switch (type) {
      case STRING -> {
        String s = (String) value;
        String shown = "\"" + RuleViolationException.escapedPrefix(s) + "\"";
        yield s.length() > RuleViolationException.MAX_SHOWN_CHARS
            ? shown + " (" + s.length() + " chars)"
            : shown;
      }
      case INTEGER -> value.toString();
      case BINARY -> RuleViolationException.quoteBytes((byte[]) value);
    };
  }
}
