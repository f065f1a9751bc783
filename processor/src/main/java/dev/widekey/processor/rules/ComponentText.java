package dev.widekey.processor.rules;

import dev.widekey.core.key.KeyAlphabet;
import dev.widekey.core.store.Utf8;
import dev.widekey.processor.model.KeyComponent;
import dev.widekey.processor.model.ValueKind;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.type.DeclaredType;

/**
 * What a key component looks like as text: the lowest character it may hold and the most bytes it
 * may take, as far as the declaration tells. Shared by the delimiter rule (WK105) and the size rule
 * (WK109).
 *
 * @param lowest the lowest code point the text may hold, or -1 if any character may appear
 * @param maxBytes the most UTF-8 bytes, or -1 if unbounded
 * @param source where the alphabet comes from, for messages
 */
public record ComponentText(int lowest, long maxBytes, String source) {

  /** The text form of a component; {@code keyChars} must already be valid if present. */
  public static ComponentText of(KeyComponent c) {
    ValueKind kind = c.kind();
    if (kind.integral()) {
      if (c.padding() != null) {
        boolean signed = c.padding().signed();
        return new ComponentText(
            signed ? '-' : '0',
            c.padding().width() + (signed ? 1 : 0),
            signed ? "signed @Padded digits and '-'" : "@Padded digits");
      }
      return new ComponentText('-', kind.maxDigits() + 1, "decimal digits and '-'");
    }
    switch (kind) {
      case UUID:
        return new ComponentText('-', 36, "UUID text: hex digits and '-'");
      case ENUM:
        return enumText(c);
      case STRING:
        {
          if (c.keyChars() == null) {
            return new ComponentText(
                -1, c.maxLength() > 0 ? 3L * c.maxLength() : -1, "any character");
          }
          KeyAlphabet alphabet = KeyAlphabet.parse(c.keyChars());
          int highest = alphabet.highest();
          // per UTF-16 unit (what @MaxLength counts): a surrogate pair is 4 bytes for 2 units
          int perChar = Math.min(Utf8.encodedLength(highest), 3);
          return new ComponentText(
              alphabet.lowest(),
              c.maxLength() > 0 ? (long) perChar * c.maxLength() : -1,
              "@KeyChars(\"" + c.keyChars() + "\")");
        }
      default:
        return new ComponentText(-1, -1, "binary");
    }
  }

  /**
   * Whether the component's text may hold {@code codePoint}; {@code keyChars} must already be valid
   * if present. A String without {@code @KeyChars} may hold anything.
   */
  public static boolean mayHold(KeyComponent c, int codePoint) {
    ValueKind kind = c.kind();
    boolean digit = codePoint >= '0' && codePoint <= '9';
    if (kind.integral()) {
      // unpadded and signed-padded numbers may be negative
      boolean minus = c.padding() == null || c.padding().signed();
      return digit || (minus && codePoint == '-');
    }
    switch (kind) {
      case UUID:
        return KeyAlphabet.UUID.contains(codePoint);
      case ENUM:
        for (String name : enumNames(c)) {
          if (name.codePoints().anyMatch(cp -> cp == codePoint)) {
            return true;
          }
        }
        return false;
      case STRING:
        return c.keyChars() == null || KeyAlphabet.parse(c.keyChars()).contains(codePoint);
      default:
        return true;
    }
  }

  private static List<String> enumNames(KeyComponent c) {
    Element type = ((DeclaredType) c.property().type()).asElement();
    List<String> names = new ArrayList<>();
    for (Element e : type.getEnclosedElements()) {
      if (e.getKind() == ElementKind.ENUM_CONSTANT) {
        names.add(e.getSimpleName().toString());
      }
    }
    return names;
  }

  private static ComponentText enumText(KeyComponent c) {
    Element type = ((DeclaredType) c.property().type()).asElement();
    int lowest = Integer.MAX_VALUE;
    long maxBytes = 0;
    for (Element e : type.getEnclosedElements()) {
      if (e.getKind() != ElementKind.ENUM_CONSTANT) {
        continue;
      }
      String name = e.getSimpleName().toString();
      maxBytes = Math.max(maxBytes, Utf8.encodedLength(name));
      lowest = Math.min(lowest, name.codePoints().min().orElse(Integer.MAX_VALUE));
    }
    return new ComponentText(
        lowest == Integer.MAX_VALUE ? 'A' : lowest,
        maxBytes,
        "the names of enum " + type.getSimpleName());
  }
}
