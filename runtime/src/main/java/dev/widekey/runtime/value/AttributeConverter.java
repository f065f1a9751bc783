package dev.widekey.runtime.value;

/**
 * Converts an attribute of a type widekey does not store natively to one it does, and back: named
 * by {@code @Convert(MyConverter.class)} on the field. Generated code holds one instance, made with
 * the public no-argument constructor, in a constant of the repository and calls it directly (no
 * reflection). A null field value is stored as an absent column and read back as null: neither
 * method is called for it. The annotation processor checks the converter at compile time (WK212):
 * it implements this interface with {@code J} the field's type and {@code S} one of {@code String},
 * {@code Long}, {@code Double}, {@code Boolean} or {@code byte[]}.
 *
 * <pre>{@code
 * public final class TagsConverter implements AttributeConverter<List<String>, String> {
 *   public String toStored(List<String> tags) { return String.join(",", tags); }
 *   public List<String> fromStored(String text) {
 *     return text.isEmpty() ? List.of() : List.of(text.split(","));
 *   }
 * }
 * }</pre>
 *
 * @param <J> the field's type
 * @param <S> the stored type
 */
public interface AttributeConverter<J, S> {
  /** The stored form of a non-null value; never null. */
  S toStored(J value);

  /** The value of a stored form read back (never null). */
  J fromStored(S stored);

  /**
   * The stored form {@code converter} gave for field {@code field}; generated code calls this on
   * every write of a converted attribute.
   *
   * @throws InvalidAttributeException WK212 if the converter returned null (store the field as null
   *     instead: it is then an absent column)
   */
  static <S> S requireStored(String field, Object converter, S stored) {
    if (stored == null) {
      throw new InvalidAttributeException(
          dev.widekey.core.Rule.WK212,
          field,
          "its converter "
              + converter.getClass().getName()
              + " returned null; a converter returns a stored value for every non-null value (a"
              + " null field is stored as an absent column without calling it)");
    }
    return stored;
  }
}
