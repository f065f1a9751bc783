package dev.widekey.runtime.value;

import static dev.widekey.core.RuleViolationException.quote;

import dev.widekey.core.Rule;
import dev.widekey.core.store.Utf8;
import dev.widekey.core.value.ValueLimits;
import java.io.ByteArrayOutputStream;
import java.nio.charset.CharacterCodingException;
import java.util.HexFormat;
import java.util.Objects;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * {@code @ColdColumn(compress = true)}: values deflated with the JDK's zlib (rule WK203) and
 * restored exactly. The zlib format carries an Adler-32 checksum, so corrupt data is detected
 * rather than returned.
 *
 * <pre>{@code
 * byte[] stored = Compression.deflateText("description", description);
 * String back = Compression.inflateText("description", stored);
 * }</pre>
 */
public final class Compression {
  /**
   * The default cap on a compressed column's inflated size: 32 MiB, sixteen times the 2 MB
   * attribute limit. A value larger than this is refused on write, and a stored value that would
   * inflate past it is refused on read (a decompression bomb: 64 KB of zlib can inflate to 64 MiB),
   * so no single value can take the heap. Change it per column with {@code @ColdColumn(compress =
   * true, maxInflatedBytes = ...)}.
   */
  public static final int DEFAULT_MAX_INFLATED_BYTES = ValueLimits.DEFAULT_MAX_INFLATED_BYTES;

  /** The largest cap: the largest array the JVM allocates. */
  public static final int LARGEST_MAX_INFLATED_BYTES = ValueLimits.LARGEST_MAX_INFLATED_BYTES;

  private static final int CHUNK = 64 * 1024;

  private Compression() {}

  /**
   * Deflates bytes (zlib format, default level), refusing more than {@link
   * #DEFAULT_MAX_INFLATED_BYTES}.
   *
   * <pre>{@code byte[] packed = Compression.deflate(raw);}</pre>
   */
  public static byte[] deflate(byte[] data) {
    return deflate("value", data, DEFAULT_MAX_INFLATED_BYTES);
  }

  /**
   * Deflates a column's bytes, refusing a value over {@code maxInflatedBytes}: the cap the reader
   * applies, so that a value written can always be read.
   *
   * <pre>{@code byte[] packed = Compression.deflate("photo", raw, 8 << 20);}</pre>
   *
   * @throws InvalidAttributeException WK203 if the value is over {@code maxInflatedBytes}
   */
  public static byte[] deflate(String field, byte[] data, long maxInflatedBytes) {
    Objects.requireNonNull(data, "data");
    checkCap(maxInflatedBytes);
    requireWithinCap(field, data.length, maxInflatedBytes);
    return deflateChecked(data);
  }

  private static byte[] deflateChecked(byte[] data) {
    Deflater deflater = new Deflater(Deflater.DEFAULT_COMPRESSION);
    try {
      deflater.setInput(data);
      deflater.finish();
      ByteArrayOutputStream out = new ByteArrayOutputStream(Math.max(64, data.length / 4));
      byte[] buffer = new byte[CHUNK];
      while (!deflater.finished()) {
        int n = deflater.deflate(buffer);
        out.write(buffer, 0, n);
      }
      return out.toByteArray();
    } finally {
      deflater.end();
    }
  }

  /**
   * Inflates bytes written by {@link #deflate}, up to {@link #DEFAULT_MAX_INFLATED_BYTES}.
   *
   * @throws InvalidAttributeException WK203 if the data is corrupt, truncated, followed by trailing
   *     bytes, or inflates to more than the default cap
   */
  public static byte[] inflate(String field, byte[] data) {
    return inflate(field, data, DEFAULT_MAX_INFLATED_BYTES);
  }

  /**
   * Inflates bytes written by {@link #deflate}, refusing to produce more than {@code maxBytes} (a
   * guard against a small corrupt or hostile value expanding without bound). Memory stays within
   * about twice {@code maxBytes} whatever the stored bytes hold.
   *
   * <pre>{@code byte[] raw = Compression.inflate("photo", stored, 8 << 20);}</pre>
   *
   * @throws InvalidAttributeException WK203 if the data is corrupt, truncated, followed by trailing
   *     bytes, or inflates to more than {@code maxBytes}
   * @throws IllegalArgumentException if {@code maxBytes} is outside 1 … {@link
   *     #LARGEST_MAX_INFLATED_BYTES}
   */
  public static byte[] inflate(String field, byte[] data, long maxBytes) {
    Objects.requireNonNull(data, () -> "field '" + field + "' is null");
    checkCap(maxBytes);
    Inflater inflater = new Inflater();
    try {
      inflater.setInput(data);
      ByteArrayOutputStream out =
          new ByteArrayOutputStream(
              (int) Math.min(maxBytes, Math.max(64, Math.min(data.length, 1 << 20) * 4L)));
      byte[] buffer = new byte[CHUNK];
      long total = 0;
      while (!inflater.finished()) {
        int n = inflater.inflate(buffer);
        if (n == 0
            && !inflater.finished()
            && (inflater.needsInput() || inflater.needsDictionary())) {
          throw corrupt(field, data, "it ends before the compressed stream does", null);
        }
        total += n;
        if (total > maxBytes) {
          throw corrupt(
              field,
              data,
              "it inflates to more than "
                  + maxBytes
                  + " bytes, the column's cap (@ColdColumn maxInflatedBytes)",
              null);
        }
        out.write(buffer, 0, n);
      }
      if (inflater.getRemaining() > 0) {
        throw corrupt(
            field,
            data,
            inflater.getRemaining() + " bytes follow the end of the compressed stream",
            null);
      }
      return out.toByteArray();
    } catch (DataFormatException e) {
      throw corrupt(field, data, "it is not valid zlib data (" + e.getMessage() + ")", e);
    } finally {
      inflater.end();
    }
  }

  /**
   * Deflates the text's UTF-8 bytes, refusing more than {@link #DEFAULT_MAX_INFLATED_BYTES}.
   *
   * <pre>{@code byte[] stored = Compression.deflateText("body", "日本語 and 😀");}</pre>
   *
   * @throws InvalidAttributeException WK206 if the text holds an unpaired surrogate; WK203 if its
   *     UTF-8 form is over the cap
   */
  public static byte[] deflateText(String field, String text) {
    return deflateText(field, text, DEFAULT_MAX_INFLATED_BYTES);
  }

  /**
   * Deflates the text's UTF-8 bytes, refusing text over {@code maxInflatedBytes} as UTF-8 before
   * encoding it: the cap the reader applies, so that text written can always be read.
   *
   * <pre>{@code byte[] stored = Compression.deflateText("body", body, 8 << 20);}</pre>
   *
   * @throws InvalidAttributeException WK206 if the text holds an unpaired surrogate; WK203 if its
   *     UTF-8 form is over {@code maxInflatedBytes}
   */
  public static byte[] deflateText(String field, String text, long maxInflatedBytes) {
    checkCap(maxInflatedBytes);
    Objects.requireNonNull(text, () -> "field '" + field + "' is null");
    // a char is at least one UTF-8 byte: a text longer than the cap is refused uncounted
    requireWithinCap(field, text.length(), maxInflatedBytes);
    Attributes.requireWellFormed(field, text);
    requireWithinCap(field, Utf8.encodedLength(text), maxInflatedBytes);
    return deflateChecked(Utf8.encode(text));
  }

  /**
   * Inflates text written by {@link #deflateText}, up to {@link #DEFAULT_MAX_INFLATED_BYTES}.
   *
   * @throws InvalidAttributeException WK203 if the data is corrupt, over the cap, or not UTF-8
   */
  public static String inflateText(String field, byte[] data) {
    return inflateText(field, data, DEFAULT_MAX_INFLATED_BYTES);
  }

  /**
   * Inflates text written by {@link #deflateText}, up to {@code maxBytes} of UTF-8.
   *
   * <pre>{@code String body = Compression.inflateText("body", stored, 8 << 20);}</pre>
   *
   * @throws InvalidAttributeException WK203 if the data is corrupt, over the cap, or not UTF-8
   */
  public static String inflateText(String field, byte[] data, long maxBytes) {
    byte[] raw = inflate(field, data, maxBytes);
    try {
      return Utf8.decode(raw);
    } catch (CharacterCodingException e) {
      throw corrupt(field, data, "it inflates to bytes that are not UTF-8 text", e);
    }
  }

  private static void checkCap(long maxBytes) {
    if (maxBytes < 1 || maxBytes > LARGEST_MAX_INFLATED_BYTES) {
      throw new IllegalArgumentException(
          Rule.WK203
              + ": a cap on inflated bytes of "
              + maxBytes
              + " is outside 1.."
              + LARGEST_MAX_INFLATED_BYTES);
    }
  }

  private static void requireWithinCap(String field, long bytes, long maxBytes) {
    if (bytes > maxBytes) {
      throw new InvalidAttributeException(
          Rule.WK203,
          field,
          "is "
              + bytes
              + " bytes before compression, over the column's cap of "
              + maxBytes
              + " bytes (@ColdColumn maxInflatedBytes, default "
              + DEFAULT_MAX_INFLATED_BYTES
              + "); a reader would refuse to inflate it, so it is not written. Shorten the value,"
              + " or raise maxInflatedBytes on the column");
    }
  }

  private static InvalidAttributeException corrupt(
      String field, byte[] data, String why, Throwable cause) {
    String head = HexFormat.of().formatHex(data, 0, Math.min(data.length, 16));
    return new InvalidAttributeException(
        Rule.WK203,
        field,
        "stored compressed value ("
            + data.length
            + " bytes, starting "
            + quote(head)
            + ") cannot be inflated: "
            + why
            + "; it was not written by Compression.deflate, or it is corrupt",
        cause);
  }
}
