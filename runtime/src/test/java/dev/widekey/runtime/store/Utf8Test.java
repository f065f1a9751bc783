package dev.widekey.runtime.store;

import static dev.widekey.runtime.key.Property.forAll;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.widekey.core.store.Utf8;
import dev.widekey.runtime.key.Property;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

class Utf8Test {
  private static final String LONE = "a\uD800";
  private static final String REFUSAL =
      "text holds an unpaired surrogate U+D800 at index 1, which has no UTF-8 form";

  private static void assertRefused(Executable sizing) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, sizing);
    assertEquals(REFUSAL, e.getMessage());
  }

  @Test
  void utf8CompareAgreesWithBytes() {
    forAll(
        "Utf8.compare is the unsigned order of UTF-8 bytes",
        5_000,
        random -> {
          String a = Property.wellFormedText(random, random.nextInt(6));
          String b =
              random.nextInt(4) == 0
                  ? a + Property.wellFormedText(random, 1)
                  : Property.wellFormedText(random, random.nextInt(6));
          assertEquals(
              Integer.signum(
                  Arrays.compareUnsigned(
                      a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8))),
              Integer.signum(Utf8.compare(a, b)));
        });
  }

  @Test
  void encodingAndDecodingAgreeWithTheJdkOnWellFormedText() throws CharacterCodingException {
    forAll(
        "encode, encodedLength and decode agree with String.getBytes",
        2_000,
        random -> {
          // an ASCII run first, as keys and names mostly begin, then anything
          String text =
              "k1-".repeat(random.nextInt(3)) + Property.wellFormedText(random, random.nextInt(40));
          byte[] jdk = text.getBytes(StandardCharsets.UTF_8);
          assertArrayEquals(jdk, Utf8.encode(text));
          assertEquals(jdk.length, Utf8.encodedLength(text));
          assertEquals(text, Utf8.decode(jdk));
        });
    byte[] framed = {'x', (byte) 0xEF, (byte) 0xBF, (byte) 0xBD, 'y'};
    assertEquals("\uFFFD", Utf8.decode(framed, 1, 3), "a real U+FFFD is kept");
  }

  @Test
  void everyCodePointHasTheLengthTheJdkEncodesItIn() {
    for (int cp = 0; cp <= Character.MAX_CODE_POINT; cp++) {
      if (cp == Character.MIN_SURROGATE) {
        cp = Character.MAX_SURROGATE + 1;
      }
      String one = new String(Character.toChars(cp));
      assertEquals(one.getBytes(StandardCharsets.UTF_8).length, Utf8.encodedLength(cp), one);
    }
    assertThrows(IllegalArgumentException.class, () -> Utf8.encodedLength(0xD800));
    assertThrows(IllegalArgumentException.class, () -> Utf8.encodedLength(0xDFFF));
  }

  @Test
  void malformedBytesAreNotDecoded() {
    byte[][] malformed = {
      {(byte) 0xC3}, // truncated
      {(byte) 0x80}, // a lone continuation byte
      {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, // an encoded surrogate
      {(byte) 0xC0, (byte) 0xAF}, // overlong
      {'a', (byte) 0xEF, (byte) 0xBF, (byte) 0xBD, (byte) 0xFF} // U+FFFD, then a bad byte
    };
    for (byte[] bytes : malformed) {
      assertThrows(CharacterCodingException.class, () -> Utf8.decode(bytes));
    }
  }

  /**
   * Property: on random bytes (biased to lead, continuation and boundary bytes), decode accepts
   * exactly what the JDK's strict decoder accepts, and gives the same text.
   */
  @Test
  void decodeAgreesWithTheJdksStrictDecoderOnRandomBytes() {
    long seed = Long.getLong("widekey.utf8.seed", System.nanoTime());
    java.util.Random random = new java.util.Random(seed);
    int[] interesting = {
      0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1,
      0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF
    };
    for (int round = 0; round < 200_000; round++) {
      byte[] bytes = new byte[random.nextInt(7)];
      for (int i = 0; i < bytes.length; i++) {
        bytes[i] =
            (byte)
                (random.nextInt(3) == 0
                    ? random.nextInt(256)
                    : interesting[random.nextInt(interesting.length)]);
      }
      String strict;
      try {
        strict =
            StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(java.nio.charset.CodingErrorAction.REPORT)
                .onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPORT)
                .decode(java.nio.ByteBuffer.wrap(bytes))
                .toString();
      } catch (CharacterCodingException e) {
        strict = null;
      }
      String ours;
      try {
        ours = Utf8.decode(bytes);
      } catch (CharacterCodingException e) {
        ours = null;
      }
      assertEquals(
          strict,
          ours,
          "seed "
              + seed
              + " (replay with -Dwidekey.utf8.seed="
              + seed
              + "): "
              + java.util.HexFormat.of().formatHex(bytes));
    }
  }

  /** A large text is encoded into an array of its exact length: the same bytes as the JDK's. */
  @Test
  void aLargeTextEncodesAsTheJdkEncodesIt() {
    long seed = Long.getLong("widekey.utf8.seed", System.nanoTime());
    java.util.Random random = new java.util.Random(seed);
    int[] codePoints = {'a', 0xE9, 0x4E2D, 0xFFFD, 0x1F600};
    StringBuilder text = new StringBuilder();
    while (text.length() < (1 << 20) + 5) {
      text.appendCodePoint(codePoints[random.nextInt(codePoints.length)]);
    }
    String large = text.toString();
    assertArrayEquals(large.getBytes(StandardCharsets.UTF_8), Utf8.encode(large), "seed " + seed);
    assertArrayEquals(
        "a".repeat(1 << 21).getBytes(StandardCharsets.UTF_8), Utf8.encode("a".repeat(1 << 21)));
  }

  @Test
  void aLoneSurrogateHasNoEncoding() {
    assertRefused(() -> Utf8.encode(LONE));
    assertRefused(() -> Utf8.encodedLength(LONE));
    assertEquals(1, Utf8.firstUnpairedSurrogate(LONE));
  }

  /** Sizes count UTF-8 bytes, so text without a UTF-8 form has no size: it is refused. */
  @Test
  void sizingRefusesALoneSurrogate() {
    PkValue lone = PkValue.ofString(LONE);
    PrimaryKey loneKey = PrimaryKey.of(PkValue.ofInteger(1), lone);
    PrimaryKey key = PrimaryKey.of(PkValue.ofInteger(1), PkValue.ofString("a"));
    AttrValue one = AttrValue.ofInteger(1);
    assertRefused(lone::sizeInBytes);
    assertRefused(loneKey::sizeInBytes);
    assertRefused(AttrValue.ofString(LONE)::sizeInBytes);
    assertRefused(Row.of(loneKey, Map.of("v", one))::sizeInBytes);
    assertRefused(Row.of(key, Map.of(LONE, one))::sizeInBytes);
    assertRefused(Row.of(key, Map.of("v", AttrValue.ofString(LONE)))::sizeInBytes);
    assertRefused(WriteOp.delete("t", loneKey)::sizeInBytes);
    assertRefused(WriteOp.put("t", Row.of(loneKey, Map.of("v", one)))::sizeInBytes);
  }

  @Test
  void aKeySizeIsTheSumOfItsColumns() {
    PrimaryKey key =
        PrimaryKey.of(
            PkValue.ofString("é\uD83D\uDE00"), PkValue.ofInteger(7), PkValue.ofBinary(new byte[3]));
    assertEquals(2 + 4 + 8 + 3, key.sizeInBytes());
    assertEquals(key.sizeInBytes(), WriteOp.delete("t", key).sizeInBytes());
    Row row = Row.of(key, Map.of("né", AttrValue.ofString("ab")));
    assertEquals(key.sizeInBytes() + 3 + 2, row.sizeInBytes());
    assertEquals(
        0, PrimaryKey.bound(List.of(), PkValue.INF_MIN, 2).sizeInBytes(), "bounds weigh nothing");
  }
}
