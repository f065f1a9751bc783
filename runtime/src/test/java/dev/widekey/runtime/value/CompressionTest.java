package dev.widekey.runtime.value;

import static dev.widekey.runtime.key.Property.forAll;
import static dev.widekey.runtime.key.Rejections.expectRejected;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class CompressionTest {
  private static final int FIVE_MB = 5 * 1024 * 1024;

  /** Random text with ASCII, accents, CJK and characters above the BMP, repetitive enough. */
  private static String randomText(Random random, int codePoints) {
    int[] pool = {'a', 'b', ' ', '\n', 0xE9, 0x4E2D, 0x6587, 0xFF61, 0x1F600, 0x1F64F, 0x10FFFF};
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < codePoints; i++) {
      s.appendCodePoint(
          random.nextInt(4) == 0 ? 0x20 + random.nextInt(0x5F) : pool[random.nextInt(pool.length)]);
    }
    return s.toString();
  }

  @Test
  void bytesRoundTrip() {
    forAll(
        "inflate(deflate(b)) == b",
        500,
        random -> {
          byte[] data = new byte[random.nextInt(3) == 0 ? 0 : random.nextInt(100_000)];
          if (random.nextBoolean()) {
            random.nextBytes(data); // incompressible
          } else {
            for (int i = 0; i < data.length; i++) {
              data[i] = (byte) "abcab".charAt(random.nextInt(5));
            }
          }
          byte[] copy = data.clone();
          byte[] packed = Compression.deflate(data);
          assertArrayEquals(copy, data, "the input is left alone");
          assertArrayEquals(data, Compression.inflate("blob", packed));
        });
  }

  @Test
  void textRoundTripIncludingNonBmp() {
    forAll(
        "inflateText(deflateText(s)) == s",
        500,
        random -> {
          String text = randomText(random, random.nextInt(5_000));
          byte[] packed = Compression.deflateText("description", text);
          assertEquals(text, Compression.inflateText("description", packed));
          // the stored form is the text's UTF-8 bytes, so other readers can inflate it
          assertArrayEquals(
              text.getBytes(StandardCharsets.UTF_8), Compression.inflate("description", packed));
        });
    String emoji = "\uD83D\uDE00 \uDBFF\uDFFF 中文";
    assertEquals(emoji, Compression.inflateText("d", Compression.deflateText("d", emoji)));
  }

  @Test
  void fiveMegabyteValues() {
    forAll(
        "5 MB values round trip",
        1,
        random -> {
          StringBuilder text = new StringBuilder(FIVE_MB);
          while (text.length() < FIVE_MB) {
            text.append(randomText(random, 1_000));
          }
          String big = text.toString();
          byte[] packed = Compression.deflateText("body", big);
          assertTrue(packed.length < big.length(), "repetitive text compresses");
          assertEquals(big, Compression.inflateText("body", packed));

          byte[] noise = new byte[FIVE_MB];
          random.nextBytes(noise);
          byte[] packedNoise = Compression.deflate(noise);
          assertArrayEquals(noise, Compression.inflate("body", packedNoise));
          // incompressible data stays over the 2 MB limit after deflating: the check still applies
          expectRejected(
              InvalidAttributeException.class,
              "WK202",
              "body",
              () -> Attributes.checkSize("body", packedNoise.length, 2L * 1024 * 1024));
        });
  }

  @Test
  void unpairedSurrogateIsRejected() {
    for (String bad : new String[] {"a\uD800", "\uDC00", "x\uDBFF\uDBFF\uDFFF"}) {
      InvalidAttributeException e =
          expectRejected(
              InvalidAttributeException.class,
              "WK206",
              "description",
              () -> Compression.deflateText("description", bad));
      assertTrue(
          e.getMessage()
              .contains("text with an unpaired surrogate cannot be stored exactly as UTF-8"),
          e.getMessage());
    }
  }

  @Test
  void corruptDataIsRejected() {
    byte[] packed = Compression.deflateText("d", "hello hello hello hello, compressed world");
    byte[] truncated = Arrays.copyOf(packed, packed.length - 3);
    byte[] badChecksum = packed.clone();
    badChecksum[badChecksum.length - 1] ^= 0x01;
    byte[] badHeader = packed.clone();
    badHeader[0] ^= 0x10;
    byte[] trailing = Arrays.copyOf(packed, packed.length + 2);
    byte[] plain = "not compressed at all".getBytes(StandardCharsets.UTF_8);
    for (byte[] bad :
        new byte[][] {truncated, badChecksum, badHeader, trailing, plain, new byte[0]}) {
      InvalidAttributeException e =
          expectRejected(
              InvalidAttributeException.class, "WK203", "d", () -> Compression.inflate("d", bad));
      assertTrue(e.getMessage().contains(bad.length + " bytes"), e.getMessage());
      expectRejected(
          InvalidAttributeException.class, "WK203", "d", () -> Compression.inflateText("d", bad));
    }
  }

  @Test
  void aFlippedByteInsideALargeValueIsDetected() {
    forAll(
        "a corrupted byte in the middle of a compressed value is detected",
        50,
        random -> {
          String text = randomText(random, 20_000);
          byte[] packed = Compression.deflateText("d", text);
          // stay clear of the last data byte, whose spare padding bits carry no data
          int at = 2 + random.nextInt(packed.length - 8);
          byte[] bad = packed.clone();
          bad[at] ^= (byte) (1 + random.nextInt(255));
          expectRejected(
              InvalidAttributeException.class,
              "WK203",
              "d",
              () -> Compression.inflateText("d", bad));
        });
  }

  @Test
  void randomGarbageIsRejected() {
    forAll(
        "random bytes are not taken for a compressed value",
        500,
        random -> {
          byte[] garbage = new byte[random.nextInt(200)];
          random.nextBytes(garbage);
          expectRejected(
              InvalidAttributeException.class,
              "WK203",
              "d",
              () -> Compression.inflate("d", garbage));
        });
  }

  @Test
  void bytesThatAreNotUtf8AreNotTakenForText() {
    byte[] packed = Compression.deflate(new byte[] {'a', (byte) 0xC3, '(', (byte) 0xFF});
    InvalidAttributeException e =
        expectRejected(
            InvalidAttributeException.class,
            "WK203",
            "d",
            () -> Compression.inflateText("d", packed));
    assertTrue(e.getMessage().contains("UTF-8"), e.getMessage());
  }

  @Test
  void inflateCanBeBounded() {
    byte[] packed = Compression.deflate(new byte[1_000_000]); // a thousand-fold expansion
    assertTrue(packed.length < 5_000);
    assertEquals(1_000_000, Compression.inflate("d", packed, 1_000_000).length);
    InvalidAttributeException e =
        expectRejected(
            InvalidAttributeException.class,
            "WK203",
            "d",
            () -> Compression.inflate("d", packed, 999_999));
    assertTrue(e.getMessage().contains("999999"), e.getMessage());
  }

  @Test
  void nullIsAProgrammingError() {
    assertThrows(NullPointerException.class, () -> Compression.deflate(null));
    assertThrows(NullPointerException.class, () -> Compression.inflate("d", null));
  }

  /** A zlib stream of {@code size} zero bytes, built without holding them: a decompression bomb. */
  static byte[] zeroBomb(long size) {
    java.util.zip.Deflater deflater = new java.util.zip.Deflater(9);
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    byte[] zeros = new byte[1 << 20];
    byte[] buffer = new byte[1 << 16];
    for (long fed = 0; fed < size; fed += zeros.length) {
      deflater.setInput(zeros, 0, (int) Math.min(zeros.length, size - fed));
      while (!deflater.needsInput()) {
        out.write(buffer, 0, deflater.deflate(buffer));
      }
    }
    deflater.finish();
    while (!deflater.finished()) {
      out.write(buffer, 0, deflater.deflate(buffer));
    }
    deflater.end();
    return out.toByteArray();
  }

  @Test
  void aBombStopsAtTheDefaultCapBeforeTheHeapFills() {
    // 64 KB of zlib that would inflate to 64 MiB, twice the default cap
    byte[] bomb = zeroBomb(2L * Compression.DEFAULT_MAX_INFLATED_BYTES);
    assertTrue(bomb.length < 100_000, "bomb of " + bomb.length + " bytes");
    InvalidAttributeException e =
        expectRejected(
            InvalidAttributeException.class, "WK203", "d", () -> Compression.inflate("d", bomb));
    assertTrue(
        e.getMessage().contains(String.valueOf(Compression.DEFAULT_MAX_INFLATED_BYTES)),
        e.getMessage());
    expectRejected(
        InvalidAttributeException.class, "WK203", "d", () -> Compression.inflateText("d", bomb));
    assertEquals(33_554_432, Compression.DEFAULT_MAX_INFLATED_BYTES); // 16 times the 2 MB limit
  }

  @Test
  void writesAreRefusedOverTheSameCapSoAStoredValueAlwaysReadsBack() {
    // a value the reader would refuse is refused on write, however well it compresses
    String text = "a".repeat(Compression.DEFAULT_MAX_INFLATED_BYTES + 1);
    InvalidAttributeException e =
        expectRejected(
            InvalidAttributeException.class,
            "WK203",
            "body",
            () -> Compression.deflateText("body", text));
    assertTrue(e.getMessage().contains("maxInflatedBytes"), e.getMessage());
    assertTrue(e.getMessage().length() < 600, e.getMessage());
    expectRejected(
        InvalidAttributeException.class,
        "WK203",
        "blob",
        () -> Compression.deflate("blob", new byte[1001], 1000));
    expectRejected(
        InvalidAttributeException.class,
        "WK203",
        "body",
        () -> Compression.deflateText("body", "\u00e9".repeat(501), 1000)); // 1002 UTF-8 bytes
    // exactly at the cap: written, and read back under the same cap
    byte[] packed = Compression.deflateText("body", "\u00e9".repeat(500), 1000);
    assertEquals("\u00e9".repeat(500), Compression.inflateText("body", packed, 1000));
    byte[] blob = Compression.deflate("blob", new byte[1000], 1000);
    assertEquals(1000, Compression.inflate("blob", blob, 1000).length);
  }

  @Test
  void aCapOutsideTheArrayRangeIsAProgrammingError() {
    assertThrows(IllegalArgumentException.class, () -> Compression.inflate("d", new byte[1], 0));
    assertThrows(
        IllegalArgumentException.class,
        () -> Compression.deflate("d", new byte[1], Integer.MAX_VALUE));
  }
}
