package dev.widekey.runtime.key;

import static dev.widekey.runtime.key.Property.forAll;
import static dev.widekey.runtime.key.Rejections.expectRejected;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.annotations.HashAlgorithm;
import dev.widekey.core.key.InvalidKeyException;
import org.junit.jupiter.api.Test;

/**
 * Expected digests come from coreutils, e.g. {@code printf 200004 | md5sum}, not from this code.
 */
class KeyHashTest {
  // printf 200004 | md5sum
  private static final String MD5_200004 = "797e5af4abd9f8d8e0cf07550e051b5c";
  // printf 200004 | sha1sum
  private static final String SHA1_200004 = "eb0942cc8250613fd9ac1adb8eeef57e87b0f07f";
  // printf 200004 | sha256sum
  private static final String SHA256_200004 =
      "8d2c15f1698f9859375d9a7fce7f19226dd18f67b6a57481206f7a73a23a45b0";
  // printf 'héllo 😀' | md5sum / sha256sum (UTF-8 input)
  private static final String MD5_HELLO = "207dd4f0cd7a4f13b4932646cd1f8f2b";
  private static final String SHA256_HELLO =
      "a53c56966616f0ec3ed9db7ea07a6034430149528bbaba8966c284f9373669c2";
  // printf '' | md5sum
  private static final String MD5_EMPTY = "d41d8cd98f00b204e9800998ecf8427e";

  @Test
  void prefixedIsThePrefixBeforeTheText() {
    assertEquals("797e200004", KeyHash.prefixed(HashAlgorithm.MD5, 4, "200004"));
    for (String text : new String[] {"", "a", "é", "\uD83D\uDE00x", "ascii,then é"}) {
      for (HashAlgorithm algorithm : HashAlgorithm.values()) {
        assertEquals(
            KeyHash.prefix(algorithm, 7, text) + text, KeyHash.prefixed(algorithm, 7, text));
      }
    }
    assertThrows(
        IllegalArgumentException.class, () -> KeyHash.prefixed(HashAlgorithm.MD5, 4, "\uD800"));
  }

  @Test
  void md5Of200004StartsWith797e() {
    assertEquals("797e", KeyHash.prefix(HashAlgorithm.MD5, 4, "200004"));
    assertEquals(MD5_200004, KeyHash.prefix(HashAlgorithm.MD5, 32, "200004"));
  }

  @Test
  void realDigestsOfEveryAlgorithm() {
    assertEquals(SHA1_200004.substring(0, 32), KeyHash.prefix(HashAlgorithm.SHA1, 32, "200004"));
    assertEquals(
        SHA256_200004.substring(0, 32), KeyHash.prefix(HashAlgorithm.SHA256, 32, "200004"));
    assertEquals("8d2c", KeyHash.prefix(HashAlgorithm.SHA256, 4, "200004"));
    assertEquals(MD5_EMPTY.substring(0, 6), KeyHash.prefix(HashAlgorithm.MD5, 6, ""));
  }

  @Test
  void hashesTheUtf8Bytes() {
    String text = "h\u00e9llo \uD83D\uDE00";
    assertEquals(MD5_HELLO, KeyHash.prefix(HashAlgorithm.MD5, 32, text));
    assertEquals(SHA256_HELLO.substring(0, 32), KeyHash.prefix(HashAlgorithm.SHA256, 32, text));
  }

  @Test
  void everyLengthIsAPrefixOfTheFullDigest() {
    for (int length = 1; length <= 32; length++) {
      assertEquals(
          MD5_200004.substring(0, length), KeyHash.prefix(HashAlgorithm.MD5, length, "200004"));
      assertEquals(
          SHA256_200004.substring(0, length),
          KeyHash.prefix(HashAlgorithm.SHA256, length, "200004"));
    }
  }

  @Test
  void lengthOutside1To32IsRefused() {
    for (int length : new int[] {0, -1, 33, 64}) {
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class,
              () -> KeyHash.prefix(HashAlgorithm.SHA256, length, "x"));
      assertTrue(e.getMessage().contains("WK106"), e.getMessage());
    }
  }

  @Test
  void unpairedSurrogateHasNoHash() {
    // String.getBytes would turn it into '?', colliding with the text that really holds '?'
    assertThrows(
        IllegalArgumentException.class, () -> KeyHash.prefix(HashAlgorithm.MD5, 4, "a\uD800"));
  }

  @Test
  void stripRoundTrip() {
    forAll(
        "strip(prefix(text) + text) == text",
        2_000,
        random -> {
          HashAlgorithm algorithm = HashAlgorithm.values()[random.nextInt(3)];
          int length = 1 + random.nextInt(32);
          String text = Property.wellFormedText(random, random.nextInt(20));
          String prefix = KeyHash.prefix(algorithm, length, text);
          assertEquals(length, prefix.length());
          assertTrue(prefix.matches("[0-9a-f]+"), prefix);
          assertEquals(text, KeyHash.strip("orderNumber", prefix + text, algorithm, length));
        });
  }

  @Test
  void aWrongPrefixIsRejected() {
    InvalidKeyException e =
        expectRejected(
            InvalidKeyException.class,
            "WK106",
            "orderNumber",
            () -> KeyHash.strip("orderNumber", "2e38200004", HashAlgorithm.MD5, 4));
    assertTrue(e.getMessage().contains("2e38"), e.getMessage());
    assertTrue(e.getMessage().contains("797e"), e.getMessage());
    assertTrue(e.getMessage().contains("'2e38200004'"), e.getMessage());
    // the right prefix for another value, or the right value under another algorithm
    expectRejected(
        InvalidKeyException.class,
        "WK106",
        "orderNumber",
        () -> KeyHash.strip("orderNumber", "797e200005", HashAlgorithm.MD5, 4));
    expectRejected(
        InvalidKeyException.class,
        "WK106",
        "orderNumber",
        () -> KeyHash.strip("orderNumber", "797e200004", HashAlgorithm.SHA256, 4));
    // upper-case hex is not what prefix writes
    expectRejected(
        InvalidKeyException.class,
        "WK106",
        "orderNumber",
        () -> KeyHash.strip("orderNumber", "797E200004", HashAlgorithm.MD5, 4));
  }

  @Test
  void aKeyShorterThanThePrefixIsRejected() {
    expectRejected(
        InvalidKeyException.class,
        "WK106",
        "orderNumber",
        () -> KeyHash.strip("orderNumber", "797", HashAlgorithm.MD5, 4));
    expectRejected(
        InvalidKeyException.class,
        "WK106",
        "orderNumber",
        () -> KeyHash.strip("orderNumber", null, HashAlgorithm.MD5, 4));
  }

  @Test
  void tamperingIsDetectedOnRandomKeys() {
    forAll(
        "a changed character in a hashed key is detected",
        2_000,
        random -> {
          String text = Long.toString(Math.abs(random.nextLong()));
          String stored = KeyHash.prefix(HashAlgorithm.MD5, 8, text) + text;
          int at = random.nextInt(stored.length());
          char replacement = "0123456789abcdef".charAt(random.nextInt(16));
          if (stored.charAt(at) == replacement) {
            return;
          }
          String tampered = stored.substring(0, at) + replacement + stored.substring(at + 1);
          expectRejected(
              InvalidKeyException.class,
              "WK106",
              "k",
              () -> KeyHash.strip("k", tampered, HashAlgorithm.MD5, 8));
        });
  }

  @Test
  void aPrefixPreSplitsIntoAtMost4096Partitions() {
    assertEquals(16, KeyHash.maxPartitions(1));
    assertEquals(256, KeyHash.maxPartitions(2));
    assertEquals(4096, KeyHash.maxPartitions(3));
    assertEquals(4096, KeyHash.maxPartitions(KeyHash.MAX_LENGTH));
  }
}
