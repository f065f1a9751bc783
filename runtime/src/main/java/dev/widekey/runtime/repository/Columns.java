package dev.widekey.runtime.repository;

import static dev.widekey.core.RuleViolationException.quote;

import dev.widekey.core.store.AttrType;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.value.Compression;
import dev.widekey.runtime.value.Money;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;
import java.util.UUID;
import java.util.function.Function;

/**
 * Typed reads of attribute columns for generated repositories. The {@code get*} methods return
 * {@code null} for an absent column; the {@code require*} methods serve primitive fields, which
 * cannot be absent. A stored value the field cannot hold (wrong type, out of range, unparseable,
 * missing for a primitive) is a {@link ErrorKind#CORRUPT_DATA} {@link StoreException} naming the
 * row and column, the value shown shortened and escaped.
 *
 * <pre>{@code int quantity = Columns.requireInt(row, "quantity");}</pre>
 */
public final class Columns {
  private static final String ANOTHER_WRITER = "another program wrote the row";

  /**
   * The likely cause of a stored value its field cannot hold: the entity changed under stored rows.
   */
  private static final String CHANGED_SINCE =
      ": the field's stored form changed since the row was written (Java type, @Convert, @Money,"
          + " compress or @Chunked; WK308 refuses that against a committed layout), or "
          + ANOTHER_WRITER;

  /** The likely cause of a stored number its field cannot hold. */
  private static final String NARROWED =
      ": the field was narrowed since the row was written (long to int, double to float), or "
          + ANOTHER_WRITER;

  private Columns() {}

  /**
   * The row with columns renamed: each column named by a key of {@code renamed} under the name it
   * maps to, unless the row already holds that name. A re-keying job reads an old row, written
   * before fields were renamed ({@code @RenamedFrom}), as the current code names its columns.
   *
   * <pre>{@code
   * Columns.renamed(oldRow, Map.of("note", "remark"))
   * }</pre>
   *
   * @return the row itself if it holds no renamed column; null for a null row
   */
  public static Row renamed(Row row, java.util.Map<String, String> renamed) {
    if (row == null || renamed.keySet().stream().noneMatch(c -> row.get(c) != null)) {
      return row;
    }
    java.util.Map<String, AttrValue> columns = new java.util.LinkedHashMap<>(row.columns());
    renamed.forEach(
        (from, to) -> {
          AttrValue value = columns.remove(from);
          if (value != null) {
            columns.putIfAbsent(to, value);
          }
        });
    return Row.of(row.key(), columns);
  }

  public static String getString(Row row, String column) {
    AttrValue v = value(row, column, AttrType.STRING);
    return v == null ? null : v.asString();
  }

  public static Long getLong(Row row, String column) {
    AttrValue v = value(row, column, AttrType.INTEGER);
    return v == null ? null : v.asLong();
  }

  public static Integer getInt(Row row, String column) {
    Long v = getLong(row, column);
    return v == null
        ? null
        : narrow(row, column, v, Integer.MIN_VALUE, Integer.MAX_VALUE).intValue();
  }

  public static Short getShort(Row row, String column) {
    Long v = getLong(row, column);
    return v == null ? null : narrow(row, column, v, Short.MIN_VALUE, Short.MAX_VALUE).shortValue();
  }

  public static Byte getByte(Row row, String column) {
    Long v = getLong(row, column);
    return v == null ? null : narrow(row, column, v, Byte.MIN_VALUE, Byte.MAX_VALUE).byteValue();
  }

  public static Double getDouble(Row row, String column) {
    AttrValue v = value(row, column, AttrType.DOUBLE);
    return v == null ? null : v.asDouble();
  }

  public static Float getFloat(Row row, String column) {
    Double v = getDouble(row, column);
    if (v == null) {
      return null;
    }
    float f = v.floatValue();
    if (f != v && !v.isNaN()) {
      throw corrupt(row, column, "holds " + v + ", which is not a float" + NARROWED);
    }
    return f;
  }

  public static Boolean getBoolean(Row row, String column) {
    AttrValue v = value(row, column, AttrType.BOOLEAN);
    return v == null ? null : v.asBoolean();
  }

  public static byte[] getBytes(Row row, String column) {
    AttrValue v = value(row, column, AttrType.BINARY);
    return v == null ? null : v.asBinary();
  }

  /** A {@code @Money} column: minor units back to a BigDecimal of the scale. */
  public static BigDecimal getMoney(Row row, String column, int scale) {
    Long minor = getLong(row, column);
    return minor == null ? null : Money.fromMinorUnits(minor, scale);
  }

  /**
   * A {@code @ColdColumn(compress = true)} text column, inflated up to {@link
   * Compression#DEFAULT_MAX_INFLATED_BYTES}.
   */
  public static String getDeflatedText(Row row, String column) {
    return getDeflatedText(row, column, Compression.DEFAULT_MAX_INFLATED_BYTES);
  }

  /**
   * A {@code @ColdColumn(compress = true)} text column, inflated up to the column's cap.
   *
   * <pre>{@code String body = Columns.getDeflatedText(row, "body", 8 << 20);}</pre>
   */
  public static String getDeflatedText(Row row, String column, long maxInflatedBytes) {
    byte[] bytes = getBytes(row, column);
    return bytes == null ? null : Compression.inflateText(column, bytes, maxInflatedBytes);
  }

  /**
   * A {@code @ColdColumn(compress = true)} binary column, inflated up to {@link
   * Compression#DEFAULT_MAX_INFLATED_BYTES}.
   */
  public static byte[] getDeflatedBytes(Row row, String column) {
    return getDeflatedBytes(row, column, Compression.DEFAULT_MAX_INFLATED_BYTES);
  }

  /** A {@code @ColdColumn(compress = true)} binary column, inflated up to the column's cap. */
  public static byte[] getDeflatedBytes(Row row, String column, long maxInflatedBytes) {
    byte[] bytes = getBytes(row, column);
    return bytes == null ? null : Compression.inflate(column, bytes, maxInflatedBytes);
  }

  public static UUID getUuid(Row row, String column) {
    String text = getString(row, column);
    return text == null ? null : parse(row, column, text, UUID::fromString);
  }

  /** An Instant, stored as ISO-8601 text so that nanoseconds survive. */
  public static Instant getInstant(Row row, String column) {
    String text = getString(row, column);
    return text == null ? null : parse(row, column, text, Instant::parse);
  }

  /** A LocalDate, stored as ISO-8601 text. */
  public static LocalDate getLocalDate(Row row, String column) {
    String text = getString(row, column);
    return text == null ? null : parse(row, column, text, LocalDate::parse);
  }

  /** A LocalDateTime, stored as ISO-8601 text so that nanoseconds survive. */
  public static LocalDateTime getLocalDateTime(Row row, String column) {
    String text = getString(row, column);
    return text == null ? null : parse(row, column, text, LocalDateTime::parse);
  }

  /** An OffsetDateTime, stored as ISO-8601 text with its offset (attributes keep it). */
  public static OffsetDateTime getOffsetDateTime(Row row, String column) {
    String text = getString(row, column);
    return text == null ? null : parse(row, column, text, OffsetDateTime::parse);
  }

  /**
   * A ZonedDateTime, stored as its ISO-8601 text with offset and zone id (attributes keep both).
   */
  public static ZonedDateTime getZonedDateTime(Row row, String column) {
    String text = getString(row, column);
    return text == null ? null : parse(row, column, text, ZonedDateTime::parse);
  }

  /**
   * An enum constant stored by name, by the enum's class: what generated code calls, because a
   * field named like the enum type would obscure {@code Entity.Status::valueOf}.
   */
  public static <T extends Enum<T>> T getEnum(Row row, String column, Class<T> type) {
    String text = getString(row, column);
    if (text == null) {
      return null;
    }
    try {
      return Enum.valueOf(type, text);
    } catch (IllegalArgumentException e) {
      throw corrupt(
          row,
          column,
          "holds "
              + quote(text)
              + ", which is no constant of "
              + type.getCanonicalName()
              + ": a constant removed or renamed since the row was written (keep it, deprecated,"
              + " while rows store it; rule WK308 refuses its removal against the committed"
              + " layout), or "
              + ANOTHER_WRITER);
    }
  }

  /** An enum constant stored by name; {@code valueOf} is the enum's own static method. */
  public static <T extends Enum<T>> T getEnum(Row row, String column, Function<String, T> valueOf) {
    String text = getString(row, column);
    return text == null ? null : parse(row, column, text, valueOf);
  }

  public static long requireLong(Row row, String column) {
    return require(row, column, getLong(row, column));
  }

  public static int requireInt(Row row, String column) {
    return require(row, column, getInt(row, column));
  }

  public static short requireShort(Row row, String column) {
    return require(row, column, getShort(row, column));
  }

  public static byte requireByte(Row row, String column) {
    return require(row, column, getByte(row, column));
  }

  public static double requireDouble(Row row, String column) {
    return require(row, column, getDouble(row, column));
  }

  public static float requireFloat(Row row, String column) {
    return require(row, column, getFloat(row, column));
  }

  public static boolean requireBoolean(Row row, String column) {
    return require(row, column, getBoolean(row, column));
  }

  private static <T> T parse(Row row, String column, String text, Function<String, T> parser) {
    try {
      return parser.apply(text);
    } catch (RuntimeException e) {
      throw new StoreException(
          ErrorKind.CORRUPT_DATA,
          where(row, column)
              + " holds "
              + quote(text)
              + ", which its field cannot hold ("
              + e.getClass().getSimpleName()
              + ")"
              + CHANGED_SINCE,
          false,
          null); // not the parser's exception: its message may copy the whole text
    }
  }

  private static <T> T require(Row row, String column, T value) {
    if (value == null) {
      throw corrupt(
          row,
          column,
          "is missing, but its field is primitive: a row stored before the field was added, or"
              + " while it was boxed and null (a boxed field reads such rows as null; rule WK308 checks added fields against the"
              + " committed layout), or by another program");
    }
    return value;
  }

  private static AttrValue value(Row row, String column, AttrType type) {
    AttrValue v = row.get(column);
    if (v != null && v.type() != type) {
      throw corrupt(
          row,
          column,
          "holds a " + v.type() + " value where " + type + " is expected" + CHANGED_SINCE);
    }
    return v;
  }

  private static Long narrow(Row row, String column, long v, long min, long max) {
    if (v < min || v > max) {
      throw corrupt(row, column, "holds " + v + ", out of its field's range" + NARROWED);
    }
    return v;
  }

  private static StoreException corrupt(Row row, String column, String why) {
    return new StoreException(ErrorKind.CORRUPT_DATA, where(row, column) + " " + why, false, null);
  }

  private static String where(Row row, String column) {
    return "column '" + column + "' of row " + row.key();
  }
}
