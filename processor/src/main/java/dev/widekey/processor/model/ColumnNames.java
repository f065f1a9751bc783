package dev.widekey.processor.model;

import dev.widekey.annotations.ColumnNaming;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Column names: of a primary-key column (its component names joined by '_'), and of an attribute
 * (its field name under the entity's {@link ColumnNaming}). Every generator and the layout take an
 * attribute's column from {@link Attribute#column()}, which this class computes once.
 */
public final class ColumnNames {
  private ColumnNames() {}

  /**
   * The stored column of attribute field {@code field} under {@code naming}: as declared, or in
   * snake_case ({@code displayName} → {@code display_name}, {@code httpURL2} → {@code http_url2},
   * {@code already_snake} unchanged).
   */
  public static String attribute(String field, ColumnNaming naming) {
    return naming == ColumnNaming.SNAKE_CASE ? snakeCase(field) : field;
  }

  /**
   * Lower-case words joined by '_': a word starts at an upper-case letter after a lower-case letter
   * or digit, and at the last upper-case letter of a run followed by a lower-case one ({@code
   * URLValue} → {@code url_value}); digits stay with the word before them.
   */
  static String snakeCase(String name) {
    StringBuilder out = new StringBuilder(name.length() + 4);
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (Character.isUpperCase(c)) {
        char before = i > 0 ? name.charAt(i - 1) : '_';
        boolean nextLower = i + 1 < name.length() && Character.isLowerCase(name.charAt(i + 1));
        boolean boundary =
            Character.isLowerCase(before)
                || Character.isDigit(before)
                || (Character.isUpperCase(before) && nextLower);
        if (boundary && out.length() > 0 && out.charAt(out.length() - 1) != '_') {
          out.append('_');
        }
        out.append(Character.toLowerCase(c));
      } else {
        out.append(c);
      }
    }
    return out.toString().toLowerCase(Locale.ROOT);
  }

  public static String of(List<KeyComponent> components) {
    return components.stream().map(KeyComponent::name).collect(Collectors.joining("_"));
  }
}
