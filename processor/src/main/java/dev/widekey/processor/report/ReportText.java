package dev.widekey.processor.report;

import static org.apache.commons.text.StringEscapeUtils.escapeHtml4;

/**
 * Text as a report shows it: control characters and lone surrogates (a delimiter, a stored byte
 * read as text) written as {@code \}{@code uXXXX}, so that every page stays valid HTML and readable
 * Markdown; then escaped for where it goes.
 */
final class ReportText {
  private ReportText() {}

  /** The text with invisible and unpaired characters made visible. */
  static String visible(String text) {
    StringBuilder out = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      boolean pair =
          Character.isHighSurrogate(c)
              && i + 1 < text.length()
              && Character.isLowSurrogate(text.charAt(i + 1));
      if (pair) {
        out.append(c).append(text.charAt(++i));
      } else if (Character.isISOControl(c) || Character.isSurrogate(c)) {
        out.append(String.format("\\u%04x", (int) c));
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }

  /** For HTML text and double-quoted attribute values. */
  static String html(String text) {
    return escapeHtml4(visible(text));
  }

  /** For a Markdown table cell: as inline code, which shows every other character as itself. */
  static String code(String text) {
    String t = visible(text).replace("|", "\\|");
    String fence = t.contains("`") ? "``" : "`";
    String pad = t.startsWith("`") || t.endsWith("`") ? " " : "";
    return fence + pad + t + pad + fence;
  }

  /** For Markdown prose and table cells: characters Markdown would read as markup escaped. */
  static String markdown(String text) {
    StringBuilder out = new StringBuilder();
    for (char c : visible(text).toCharArray()) {
      if ("\\`*_[]<>|#".indexOf(c) >= 0) {
        out.append('\\');
      }
      out.append(c);
    }
    return out.toString();
  }

  /** The text with its first letter upper case: a heading made from a phrase. */
  static String capitalized(String s) {
    return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
  }
}
