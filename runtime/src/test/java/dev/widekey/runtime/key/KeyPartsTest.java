package dev.widekey.runtime.key;

import static dev.widekey.runtime.key.Property.forAll;
import static dev.widekey.runtime.key.Rejections.expectRejected;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.core.key.InvalidKeyException;
import org.junit.jupiter.api.Test;

/** Decoding is canonical: only the text {@code Long.toString} writes parses back. */
class KeyPartsTest {

  @Test
  void onlyTheCanonicalSpellingOfANumberDecodes() {
    assertEquals(5, KeyParts.parseLong("order", "5"));
    assertEquals(0, KeyParts.parseLong("order", "0"));
    assertEquals(-12, KeyParts.parseLong("order", "-12"));
    assertEquals(Long.MIN_VALUE, KeyParts.parseLong("order", String.valueOf(Long.MIN_VALUE)));
    // five stored keys that all decoded as order 5
    String[] others = {
      "+5", "05", "005", "\u0665", "\uFF15", "-0", "+0", " 5", "5 ", "", "9223372036854775808"
    };
    for (String text : others) {
      InvalidKeyException e =
          expectRejected(
              InvalidKeyException.class, "WK104", "order", () -> KeyParts.parseLong("order", text));
      assertTrue(e.getMessage().length() < 400, e.getMessage());
    }
  }

  @Test
  void everyLongRoundTripsAndNothingElseDoes() {
    forAll(
        "parseLong accepts exactly Long.toString's output",
        5_000,
        random -> {
          long v = random.nextLong() >> random.nextInt(64);
          assertEquals(v, KeyParts.parseLong("n", Long.toString(v)));
          String padded = (v < 0 ? "-0" + (-(v + 1) + 1) : "0" + v);
          if (v != Long.MIN_VALUE) {
            expectRejected(
                InvalidKeyException.class, "WK104", "n", () -> KeyParts.parseLong("n", padded));
          }
        });
  }

  private static final java.util.List<dev.widekey.runtime.store.PkColumn> SCHEMA =
      java.util.List.of(
          new dev.widekey.runtime.store.PkColumn("pk", dev.widekey.core.store.PkType.STRING),
          new dev.widekey.runtime.store.PkColumn("n", dev.widekey.core.store.PkType.INTEGER));

  private static dev.widekey.runtime.store.PrimaryKey key(String pk, long n) {
    return dev.widekey.runtime.store.PrimaryKey.of(
        dev.widekey.runtime.store.PkValue.ofString(pk),
        dev.widekey.runtime.store.PkValue.ofInteger(n));
  }

  @Test
  void aKeyOfAnotherShapeIsRefusedBeforeItIsRead() {
    KeyParts.requireShape(key("a", 1), SCHEMA);
    expectRejected(
        InvalidKeyException.class,
        "WK112",
        "pk",
        () ->
            KeyParts.requireShape(
                dev.widekey.runtime.store.PrimaryKey.of(
                    dev.widekey.runtime.store.PkValue.ofString("a")),
                SCHEMA));
    expectRejected(
        InvalidKeyException.class,
        "WK112",
        "n",
        () ->
            KeyParts.requireShape(
                dev.widekey.runtime.store.PrimaryKey.of(
                    dev.widekey.runtime.store.PkValue.ofString("a"),
                    dev.widekey.runtime.store.PkValue.ofString("1")),
                SCHEMA));
  }

  @Test
  void aKeyDecodesOnlyIfItEncodesBackExactly() {
    KeyParts.requireCanonical(SCHEMA, key("a", 1), () -> key("a", 1));
    InvalidKeyException e =
        expectRejected(
            InvalidKeyException.class,
            "WK112",
            "pk",
            () -> KeyParts.requireCanonical(SCHEMA, key("A", 1), () -> key("a", 1)));
    assertTrue(e.getMessage().contains("not written by this codec"), e.getMessage());
    // the decoded values break a key rule: that rule, named on its field
    expectRejected(
        InvalidKeyException.class,
        "WK105",
        "seller",
        () ->
            KeyParts.requireCanonical(
                SCHEMA,
                key("a\u0000", 1),
                () -> {
                  throw new InvalidKeyException(
                      dev.widekey.core.Rule.WK105, "seller", "holds U+0000");
                }));
  }

  enum Colour {
    RED
  }

  @Test
  void anUnknownEnumNameIsATypedError() {
    assertEquals(Colour.RED, KeyParts.parseEnum("c", "RED", Colour::valueOf));
    expectRejected(
        InvalidKeyException.class,
        "WK112",
        "c",
        () -> KeyParts.parseEnum("c", "red", Colour::valueOf));
  }
}
