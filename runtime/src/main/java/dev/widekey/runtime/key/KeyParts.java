package dev.widekey.runtime.key;

import static dev.widekey.core.RuleViolationException.quote;

import dev.widekey.annotations.HashAlgorithm;
import dev.widekey.core.Rule;
import dev.widekey.core.key.InvalidKeyException;
import dev.widekey.core.store.Utf8;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Decoding helpers for generated key codecs: parse and narrow numbers read back from key text, and
 * check a hash prefix computed over one component of a spliced key. Each failure is a typed {@link
 * InvalidKeyException}: a stored key that this codec did not write.
 *
 * <pre>{@code long id = KeyParts.parseLong("orderNumber", "200004");}</pre>
 */
public final class KeyParts {
  private KeyParts() {}

  /**
   * Parses unpadded decimal key text, canonical only: exactly what {@link Long#toString(long)}
   * writes. {@code "+5"}, {@code "05"}, {@code "-0"} or non-ASCII digits would all decode as a
   * number whose key is another text, so one stored entity would hide behind another's key.
   *
   * @throws InvalidKeyException WK104 for any other text
   */
  public static long parseLong(String field, String text) {
    long value;
    try {
      value = Long.parseLong(text);
    } catch (NumberFormatException e) {
      throw notCanonical(field, text);
    }
    if (!Long.toString(value).equals(text)) {
      throw notCanonical(field, text);
    }
    return value;
  }

  private static InvalidKeyException notCanonical(String field, String text) {
    return new InvalidKeyException(
        Rule.WK104,
        field,
        "stored text "
            + quote(text)
            + " is not a number as the key codec writes it (ASCII digits, no sign but '-', no"
            + " leading zero); the row was not written by this codec");
  }

  /** Narrows a decoded number to its field's type, refusing values that do not fit. */
  public static long narrow(String field, long value, long min, long max) {
    if (value < min || value > max) {
      throw new InvalidKeyException(
          Rule.WK104,
          field,
          "stored value " + value + " is out of its field's range " + min + ".." + max);
    }
    return value;
  }

  /**
   * The stored text after a hash prefix of {@code length} digits, unchecked; check it with {@link
   * #checkHashPrefix} once the hashed component has been split out.
   */
  public static String afterHashPrefix(String field, String stored, int length) {
    if (stored.length() < length) {
      throw new InvalidKeyException(
          Rule.WK106, field, "stored key " + quote(stored) + " is shorter than its hash prefix");
    }
    return stored.substring(length);
  }

  /** Checks that a stored key starts with the hash of the component it was computed over. */
  public static void checkHashPrefix(
      String field, String stored, HashAlgorithm algorithm, int length, String hashedText) {
    if (Utf8.firstUnpairedSurrogate(hashedText) >= 0) {
      // no encoder wrote it: text with an unpaired surrogate has no UTF-8 bytes to digest
      throw new InvalidKeyException(
          Rule.WK106,
          field,
          "stored key " + quote(stored) + " holds an unpaired surrogate, so it has no hash");
    }
    String expected = KeyHash.prefix(algorithm, length, hashedText);
    if (!stored.startsWith(expected)) {
      throw new InvalidKeyException(
          Rule.WK106,
          field,
          "stored key "
              + quote(stored)
              + " does not start with "
              + quote(expected)
              + ", the hash of "
              + quote(hashedText)
              + "; it was not written with this @HashPrefix");
    }
  }

  /**
   * Checks a stored key's shape before any part of it is read: as many columns as the schema, each
   * of its type. A key of another table, or of no widekey table, is refused here rather than by an
   * untyped error on the first wrong read.
   *
   * <pre>{@code KeyParts.requireShape(key, OrderTable.PRIMARY_KEY);}</pre>
   *
   * @throws InvalidKeyException WK112 naming the first column that does not fit
   */
  public static void requireShape(PrimaryKey key, List<PkColumn> schema) {
    if (key.size() != schema.size()) {
      throw new InvalidKeyException(
          Rule.WK112,
          schema.get(0).name(),
          "stored key "
              + key
              + " has "
              + key.size()
              + " columns where the table has "
              + schema.size()
              + "; it was not written by this codec");
    }
    for (int i = 0; i < schema.size(); i++) {
      PkValue v = key.get(i);
      if (v.isInfinite() || v.type() != schema.get(i).type()) {
        throw new InvalidKeyException(
            Rule.WK112,
            schema.get(i).name(),
            "stored key "
                + key
                + " holds "
                + v
                + " where the column is "
                + schema.get(i).type()
                + "; it was not written by this codec");
      }
    }
  }

  /**
   * Canonical decoding: a stored key decodes only if encoding its decoded values gives back exactly
   * the stored key. Otherwise two stored keys ({@code "797e5"} and a forged {@code "xxxx05"}) could
   * decode to the same entity, and {@code get}, {@code delete} and a scan would disagree about it.
   *
   * <pre>{@code
   * Key decoded = new Key(...);
   * KeyParts.requireCanonical(OrderTable.PRIMARY_KEY, key, () -> primaryKey(decoded.orderNumber()));
   * }</pre>
   *
   * @param encode encodes the decoded values again
   * @throws InvalidKeyException WK112 naming the first column that differs, or the rule the decoded
   *     values break (a character outside {@code @KeyChars}, a value over {@code @MaxLength})
   */
  public static void requireCanonical(
      List<PkColumn> schema, PrimaryKey stored, Supplier<PrimaryKey> encode) {
    PrimaryKey again;
    try {
      again = encode.get();
    } catch (InvalidKeyException e) {
      throw notEncodable(stored, e);
    }
    for (int i = 0; i < stored.size(); i++) {
      if (!stored.get(i).equals(again.get(i))) {
        throw new InvalidKeyException(
            Rule.WK112,
            schema.get(i).name(),
            "stored key "
                + stored
                + " is not the codec's encoding of the values it decodes to, which encode as "
                + again
                + "; it was not written by this codec");
      }
    }
  }

  /**
   * The error for a stored key that decodes to a value the codec refuses to encode: {@code refused}
   * told of a check the value fails, so the codec did not write the key. Generated code whose
   * components decode canonically by construction runs only their checks on decode and reports a
   * failing one with this, as {@link #requireCanonical} does.
   */
  public static InvalidKeyException notEncodable(PrimaryKey stored, InvalidKeyException refused) {
    return new InvalidKeyException(
        Rule.valueOf(refused.rule()),
        refused.field(),
        "of stored key "
            + stored
            + " decodes to a value the codec refuses to encode, so the codec did not write it: "
            + refused.problem(),
        refused);
  }

  /**
   * An enum constant from its stored name, by the enum's class: what generated code calls, because
   * {@code Entity.Status::valueOf} does not compile when the entity also has a field named {@code
   * Status} (the field obscures the type there; a class literal names a type only).
   *
   * <pre>{@code Status s = KeyParts.parseEnum("status", text, Status.class);}</pre>
   *
   * @throws InvalidKeyException WK112 if no constant has that name
   */
  public static <T extends Enum<T>> T parseEnum(String field, String text, Class<T> type) {
    return parseEnum(field, text, name -> Enum.valueOf(type, name));
  }

  /**
   * An enum constant from its stored name.
   *
   * <pre>{@code Status s = KeyParts.parseEnum("status", text, Status::valueOf);}</pre>
   *
   * @throws InvalidKeyException WK112 if no constant has that name
   */
  public static <T extends Enum<T>> T parseEnum(
      String field, String text, Function<String, T> valueOf) {
    try {
      return valueOf.apply(text);
    } catch (IllegalArgumentException e) {
      throw new InvalidKeyException(
          Rule.WK112,
          field,
          "stored text " + quote(text) + " names no constant of the field's enum type");
    }
  }
}
