package dev.widekey.runtime.value;

import static dev.widekey.runtime.RuleViolationException.quote;

import dev.widekey.runtime.Rule;
import dev.widekey.runtime.store.Utf8;
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
  private static final int CHUNK = 64 * 1024;

  private Compression() {}

  /**
   * Deflates bytes (zlib format, default level).
   *
   * <pre>{@code byte[] packed = Compression.deflate(raw);}</pre>
   */
  public static byte[] deflate(byte[] data) {
    Objects.requireNonNull(data, "data");
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
   * Inflates bytes written by {@link #deflate}.
   *
   * @throws InvalidAttributeException WK203 if the data is corrupt, truncated or followed by
   *     trailing bytes
   */
  public static byte[] inflate(String field, byte[] data) {
    return inflate(field, data, Integer.MAX_VALUE - 8);
  }

  /**
   * Inflates bytes written by {@link #deflate}, refusing to produce more than {@code maxBytes} (a
   * guard against a small corrupt or hostile value expanding without bound).
   *
   * @throws InvalidAttributeException WK203 if the data is corrupt, truncated, followed by trailing
   *     bytes, or inflates to more than {@code maxBytes}
   */
  public static byte[] inflate(String field, byte[] data, long maxBytes) {
    Objects.requireNonNull(data, () -> "field '" + field + "' is null");
    Inflater inflater = new Inflater();
    try {
      inflater.setInput(data);
      ByteArrayOutputStream out =
          new ByteArrayOutputStream(Math.max(64, Math.min(data.length, 1 << 20) * 4));
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
          throw corrupt(field, data, "it inflates to more than " + maxBytes + " bytes", null);
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
   * Deflates the text's UTF-8 bytes.
   *
   * <pre>{@code byte[] stored = Compression.deflateText("body", "日本語 and 😀");}</pre>
   *
   * @throws InvalidAttributeException WK206 if the text holds an unpaired surrogate
   */
  public static byte[] deflateText(String field, String text) {
    Attributes.requireWellFormed(field, text);
    return deflate(Utf8.encode(text));
  }

  /**
   * Inflates text written by {@link #deflateText}.
   *
   * @throws InvalidAttributeException WK203 if the data is corrupt or not UTF-8 once inflated
   */
  public static String inflateText(String field, byte[] data) {
    byte[] raw = inflate(field, data);
    try {
      return Utf8.decode(raw);
    } catch (CharacterCodingException e) {
      throw corrupt(field, data, "it inflates to bytes that are not UTF-8 text", e);
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
