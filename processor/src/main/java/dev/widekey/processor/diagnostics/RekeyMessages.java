package dev.widekey.processor.diagnostics;

import dev.widekey.core.Rule;
import java.util.List;

/**
 * The WK308 messages about {@code @RekeyedFrom}: what keeps a declared move from an older key
 * layout from being generated.
 */
public final class RekeyMessages {
  private RekeyMessages() {}

  private static String msg(String entity, String from, String text) {
    return Rule.WK308.name() + ": " + entity + " @RekeyedFrom(table = \"" + from + "\"): " + text;
  }

  public static String notHotTable(String entity, String from, String role) {
    return msg(
        entity,
        from,
        "the committed layout of "
            + from
            + " is a "
            + role
            + " table's; name the old entity's hot table, whose rows are the entities to move.");
  }

  public static String timeSharded(String entity, String from) {
    return msg(
        entity,
        from,
        "a time-sharded entity is not re-keyed by a generated job: its period tables expire on"
            + " their own. Give the new layout a new table name and let the old periods expire,"
            + " or move each period with a job of your own.");
  }

  /**
   * The old and the new key hold different fields, or a field of another type: the job decodes the
   * old key into the new key's fields, one for one.
   */
  public static String keyFieldsDiffer(
      String entity, String from, List<String> oldFields, List<String> newFields) {
    return msg(
        entity,
        from,
        "the old key holds "
            + String.join(", ", oldFields)
            + " but the new key holds "
            + String.join(", ", newFields)
            + ": a re-keying job moves rows between layouts of the same key fields, each of the"
            + " same type (their encodings, order and prefixes may change). Keep the key fields,"
            + " or move the rows with a job of your own.");
  }

  public static String attributeDiffers(
      String entity, String from, String column, String oldStored, String newStored) {
    return msg(
        entity,
        from,
        "column "
            + column
            + " is stored as "
            + oldStored
            + " in the old table but as "
            + newStored
            + " now: the job reads old rows with the entity's current attribute codecs, which would"
            + " misread it. Keep the column's type, or move the rows with a job of your own.");
  }
}
