package dev.widekey.processor.diagnostics;

import java.util.List;

/**
 * The WK308 messages about {@code @RekeyedFrom}: what keeps a declared move from an older key
 * layout from being generated: typed façades of the catalogue {@link Message}, which holds the
 * texts.
 */
public final class RekeyMessages {
  private RekeyMessages() {}

  /** {@code role} is the table role's name ({@code "INDEX"}), said as "an index". */
  public static String notHotTable(String entity, String from, String role) {
    String word = role.toLowerCase(java.util.Locale.ROOT);
    String said = ("aeiou".indexOf(word.charAt(0)) >= 0 ? "an " : "a ") + word;
    return Message.REKEY_NOT_HOT_TABLE.format("entity", entity, "from", from, "role", said);
  }

  public static String timeSharded(String entity, String from) {
    return Message.REKEY_TIME_SHARDED.format("entity", entity, "from", from);
  }

  /**
   * The old and the new key hold different fields, or a field of another type: the job decodes the
   * old key into the new key's fields, one for one.
   */
  public static String keyFieldsDiffer(
      String entity, String from, List<String> oldFields, List<String> newFields) {
    return Message.REKEY_KEY_FIELDS_DIFFER.format(
        "entity",
        entity,
        "from",
        from,
        "oldFields",
        String.join(", ", oldFields),
        "newFields",
        String.join(", ", newFields));
  }

  public static String attributeDiffers(
      String entity, String from, String column, String oldStored, String newStored) {
    return Message.REKEY_ATTRIBUTE_DIFFERS.format(
        "entity",
        entity,
        "from",
        from,
        "column",
        column,
        "oldStored",
        oldStored,
        "newStored",
        newStored);
  }

  /**
   * A committed layout file the move cannot read: it may be one of the old entity's tables, which
   * the job would then not move.
   */
  public static String unreadableFile(String entity, String from, String file, String reason) {
    return Message.REKEY_UNREADABLE_FILE.format(
        "entity", entity, "from", from, "file", file, "reason", reason);
  }
}
