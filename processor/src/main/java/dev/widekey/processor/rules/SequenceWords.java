package dev.widekey.processor.rules;

import dev.widekey.processor.model.KeyComponent;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Field names that say sequence or time ({@code orderNumber}, {@code seq}, {@code created_at}), for
 * WK102's warning on a String leading the partition key. Names are split into words at camelCase
 * humps, digits and underscores; a word of the lists, or "order" followed by a number word, is a
 * match.
 */
final class SequenceWords {
  private SequenceWords() {}

  private static final Set<String> WORDS =
      Set.of(
          "seq",
          "sequence",
          "serial",
          "counter",
          "increment",
          "autoincrement",
          "time",
          "timestamp",
          "ts",
          "date",
          "datetime",
          "created",
          "updated",
          "modified",
          "epoch");

  private static final Set<String> NUMBER_WORDS = Set.of("number", "num", "no", "nr", "id", "seq");

  /** The word of the component's name that says sequence or time, or null. */
  static String of(KeyComponent c) {
    return c.kind() == dev.widekey.processor.model.ValueKind.STRING ? of(c.name()) : null;
  }

  /** The word of {@code name} that says sequence or time, or null. */
  static String of(String name) {
    List<String> words = words(name);
    for (int i = 0; i < words.size(); i++) {
      String w = words.get(i);
      if (w.equals("order") && i + 1 < words.size() && NUMBER_WORDS.contains(words.get(i + 1))) {
        return w + " " + words.get(i + 1);
      }
      if (WORDS.contains(w)) {
        return w;
      }
    }
    return null;
  }

  /** {@code "createdAtUTC_2"} → {@code [created, at, utc]}. */
  static List<String> words(String name) {
    List<String> out = new ArrayList<>();
    StringBuilder word = new StringBuilder();
    for (int i = 0; i < name.length(); i++) {
      char ch = name.charAt(i);
      boolean letter = Character.isLetter(ch);
      boolean hump =
          Character.isUpperCase(ch)
              && word.length() > 0
              && (Character.isLowerCase(name.charAt(i - 1))
                  || (i + 1 < name.length() && Character.isLowerCase(name.charAt(i + 1))));
      if (!letter || hump) {
        flush(word, out);
      }
      if (letter) {
        word.append(ch);
      }
    }
    flush(word, out);
    return out;
  }

  private static void flush(StringBuilder word, List<String> out) {
    if (word.length() > 0) {
      out.add(word.toString().toLowerCase(Locale.ROOT));
      word.setLength(0);
    }
  }
}
