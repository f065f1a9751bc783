package dev.widekey.store.tck.fuzz;

import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.value.Compression;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import java.util.zip.Deflater;
import org.apache.commons.codec.digest.DigestUtils;

/**
 * Random and hostile stored values, drawn from a seeded {@link Random}: what another writer, a
 * restored backup or a compromised service could leave in a widekey table. Each draw mixes
 * well-formed values (so that reads also succeed) with malformed ones.
 */
final class Forgery {
  /** A zlib stream of 512 MiB of zeros, about half a megabyte: built once, it is costly. */
  private static byte[] bomb;

  private final Random random;

  Forgery(Random random) {
    this.random = random;
  }

  /** The seeded source, for stores that forge bytes of their own. */
  Random random() {
    return random;
  }

  boolean chance(int percent) {
    return random.nextInt(100) < percent;
  }

  int below(int bound) {
    return random.nextInt(bound);
  }

  // -------------------------------------------------------------------------------- numbers

  /** A long, often an edge value. */
  long anyLong() {
    return switch (random.nextInt(8)) {
      case 0 -> Long.MIN_VALUE;
      case 1 -> Long.MAX_VALUE;
      case 2 -> random.nextInt(3) - 1;
      case 3 -> (long) Integer.MAX_VALUE + random.nextInt(3) - 1;
      case 4 -> (1L << 32) + random.nextInt(3) - 1;
      case 5 -> -random.nextInt(1_000_000);
      default -> random.nextLong() >> random.nextInt(64);
    };
  }

  /** Decimal text of a number, canonical or as the codec never writes it. */
  String numberText(long n) {
    String canonical = Long.toString(n);
    return switch (random.nextInt(10)) {
      case 0 -> "+" + canonical;
      case 1 -> "0" + canonical;
      case 2 -> foreignDigits(canonical);
      case 3 -> canonical + " ";
      case 4 -> n == 0 ? "-0" : canonical.replace("-", "−");
      default -> canonical;
    };
  }

  /** The number with its ASCII digits swapped for Arabic-Indic or full-width ones. */
  private String foreignDigits(String text) {
    char zero = random.nextBoolean() ? '\u0660' : '\uFF10';
    StringBuilder out = new StringBuilder();
    for (char c : text.toCharArray()) {
      out.append(c >= '0' && c <= '9' ? (char) (zero + (c - '0')) : c);
    }
    return out.toString();
  }

  /** A hex MD5 prefix of {@code text}, right or subtly wrong. */
  String hashPrefix(String text, int length) {
    String prefix = DigestUtils.md5Hex(text.getBytes(StandardCharsets.UTF_8)).substring(0, length);
    return switch (random.nextInt(10)) {
      case 0 -> prefix.toUpperCase();
      case 1 -> "0000".substring(0, length);
      case 2 -> prefix.substring(1);
      default -> prefix;
    };
  }

  // -------------------------------------------------------------------------------- text

  /** Text of at most {@code maxChars} chars: letters, digits, delimiters, controls, non-BMP. */
  String text(int maxChars) {
    int length = random.nextInt(maxChars + 1);
    String[] pieces = {
      "a", "z", "0", "9", "-", ",", ":", "A", "\u0000", "\n", "\u007F", "é", "中", "😀", "\u0665"
    };
    StringBuilder out = new StringBuilder(length);
    while (out.length() < length) {
      out.append(
          random.nextInt(3) == 0
              ? pieces[random.nextInt(pieces.length)]
              : (char) ('a' + below(26)));
    }
    return out.toString();
  }

  /** Text that is a key component's alphabet ({@code a-z0-9}) most of the time. */
  String keyText(int maxChars) {
    if (chance(70)) {
      StringBuilder out = new StringBuilder();
      int length = 1 + random.nextInt(maxChars);
      for (int i = 0; i < length; i++) {
        out.append(random.nextInt(3) == 0 ? (char) ('0' + below(10)) : (char) ('a' + below(26)));
      }
      return out.toString();
    }
    return chance(10) ? "a".repeat(300 + below(700)) : text(maxChars * 2);
  }

  // ---------------------------------------------------------------------------- attributes

  /** A value of any type; large values (up to the 2 MB limit) now and then. */
  AttrValue anyValue() {
    return switch (random.nextInt(6)) {
      case 0 -> AttrValue.ofString(chance(3) ? "x\n".repeat(1_000_000) : text(40));
      case 1 -> AttrValue.ofInteger(anyLong());
      case 2 -> AttrValue.ofDouble(random.nextBoolean() ? Double.NaN : random.nextGaussian());
      case 3 -> AttrValue.ofBoolean(random.nextBoolean());
      case 4 -> AttrValue.ofBinary(bytes(chance(3) ? 2 * 1024 * 1024 : 64));
      default -> AttrValue.ofInteger(random.nextInt(10_000));
    };
  }

  /**
   * A chunk reference as widekey writes it (format 1, type, first part, parts, length: 18 bytes),
   * or now and then a forged one: a negative first part, a huge count or length, an unknown type or
   * format, a short value.
   */
  AttrValue chunkReference(char type, int first, int parts, long length) {
    if (chance(70)) {
      return reference((byte) 1, (byte) type, first, parts, length);
    }
    return switch (random.nextInt(7)) {
      case 0 -> reference((byte) 1, (byte) type, -1 - below(1000), parts, length);
      case 1 -> reference((byte) 1, (byte) type, first, Integer.MAX_VALUE, length);
      case 2 -> reference((byte) 1, (byte) type, first, parts, Long.MAX_VALUE - below(10));
      case 3 -> reference((byte) 1, (byte) type, first, parts, length + 1 - 2 * below(2));
      case 4 -> reference((byte) 1, (byte) (type == 'S' ? 'B' : 'Q'), first, parts, length);
      case 5 -> reference((byte) 2, (byte) type, first, parts, length);
      default -> AttrValue.ofBinary(bytes(17));
    };
  }

  private static AttrValue reference(byte format, byte type, int first, int parts, long length) {
    java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(18);
    b.put(format).put(type).putInt(first).putInt(parts).putLong(length);
    return AttrValue.ofBinary(b.array());
  }

  /** A value that is usually of {@code usual}'s type and usually well-formed. */
  AttrValue usually(AttrValue usual) {
    return chance(75) ? usual : anyValue();
  }

  byte[] bytes(int maxLength) {
    byte[] b = new byte[random.nextInt(maxLength + 1)];
    random.nextBytes(b);
    return b;
  }

  /** A stored compressed text: valid, truncated, garbage, not UTF-8, or a bomb. */
  AttrValue compressed(String text) {
    byte[] valid = Compression.deflateText("description", text);
    return switch (random.nextInt(9)) {
      case 0 -> AttrValue.ofBinary(bomb());
      case 1 -> AttrValue.ofBinary(Arrays.copyOf(valid, Math.max(0, valid.length - 1 - below(4))));
      case 2 -> AttrValue.ofBinary(bytes(100));
      case 3 -> AttrValue.ofBinary(deflate(new byte[] {(byte) 0xC3, '(', (byte) 0xFF}));
      case 4 -> AttrValue.ofBinary(concat(valid, new byte[] {1, 2}));
      case 5 -> AttrValue.ofString(text);
      default -> AttrValue.ofBinary(valid);
    };
  }

  /** A key column value of the wrong type, now and then. */
  PkValue wrongType(PkValue usual) {
    return usual.type() == dev.widekey.core.store.PkType.INTEGER
        ? PkValue.ofString(text(10))
        : PkValue.ofInteger(anyLong());
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] out = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }

  private static byte[] deflate(byte[] data) {
    return Compression.deflate(data);
  }

  /** 512 MiB of zeros deflated, fed in pieces so that the zeros are never held. */
  static synchronized byte[] bomb() {
    if (bomb == null) {
      Deflater deflater = new Deflater(Deflater.BEST_COMPRESSION);
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      byte[] zeros = new byte[1 << 20];
      byte[] buffer = new byte[1 << 16];
      for (int i = 0; i < 512; i++) {
        deflater.setInput(zeros);
        while (!deflater.needsInput()) {
          out.write(buffer, 0, deflater.deflate(buffer));
        }
      }
      deflater.finish();
      while (!deflater.finished()) {
        out.write(buffer, 0, deflater.deflate(buffer));
      }
      deflater.end();
      bomb = out.toByteArray();
    }
    return bomb;
  }
}
