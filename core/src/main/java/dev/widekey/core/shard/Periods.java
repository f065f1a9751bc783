package dev.widekey.core.shard;

import dev.widekey.annotations.ShardPeriod;
import dev.widekey.core.Rule;
import dev.widekey.core.RuleViolationException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The periods of a time-sharded entity, in UTC: where a period starts, the next one, and the suffix
 * its table name gets ({@code _2026_11_23} by day, {@code _2026_11} by month, {@code _2026} by
 * year). Years 0 to 9999 only, so that every suffix has its period's one length and table names
 * sort in period order.
 *
 * <pre>{@code
 * Instant t = Instant.parse("2026-11-23T10:15:00Z");
 * Periods.start(ShardPeriod.MONTH, t);               // 2026-11-01T00:00:00Z
 * Periods.tableName("orders", ShardPeriod.MONTH, t); // orders_2026_11
 * }</pre>
 */
public final class Periods {
  private static final Pattern DAY = Pattern.compile("_(\\d{4})_(\\d{2})_(\\d{2})");
  private static final Pattern MONTH = Pattern.compile("_(\\d{4})_(\\d{2})");
  private static final Pattern YEAR = Pattern.compile("_(\\d{4})");

  /** The first instant a period table is named for: the start of the year 0. */
  public static final Instant FIRST = Instant.parse("0000-01-01T00:00:00Z");

  /** The end (exclusive) of the last period a table is named for: the start of the year 10000. */
  public static final Instant END = Instant.parse("+10000-01-01T00:00:00Z");

  private Periods() {}

  /** Whether {@code time} lies in a period a table can be named for (the years 0 to 9999). */
  public static boolean named(Instant time) {
    return !time.isBefore(FIRST) && time.isBefore(END);
  }

  /**
   * The start of the first period a table can be named for that a time window from {@code from} on
   * covers: the period of {@code from}, or the first one (year 0) for an earlier {@code from};
   * empty for a {@code from} after the year 9999, whose window no period table lies in. So a window
   * such as {@code [Instant.MIN, Instant.MAX)} covers every period.
   */
  public static Optional<Instant> firstCovered(ShardPeriod period, Instant from) {
    Objects.requireNonNull(from, "from");
    if (from.isBefore(FIRST)) {
      return Optional.of(FIRST);
    }
    return named(from) ? Optional.of(start(period, from)) : Optional.empty();
  }

  /** The length of the suffix every table of a period gets: 11 by day, 8 by month, 5 by year. */
  public static int suffixLength(ShardPeriod period) {
    return switch (period) {
      case DAY -> 11;
      case MONTH -> 8;
      case YEAR -> 5;
    };
  }

  /**
   * The start of the period {@code time} falls in.
   *
   * @throws RuleViolationException (WK210) for a time outside the years 0 to 9999
   */
  public static Instant start(ShardPeriod period, Instant time) {
    Objects.requireNonNull(time, "time");
    if (!named(time)) {
      // checked before time.atZone, which fails on instants beyond LocalDateTime (Instant.MIN)
      throw new RuleViolationException(
          Rule.WK210,
          "shard time",
          time + " is outside the years 0 to 9999 that period table names hold");
    }
    LocalDate day = time.atZone(ZoneOffset.UTC).toLocalDate();
    LocalDate first =
        switch (period) {
          case DAY -> day;
          case MONTH -> day.withDayOfMonth(1);
          case YEAR -> day.withDayOfYear(1);
        };
    return first.atStartOfDay(ZoneOffset.UTC).toInstant();
  }

  /** The start of the period {@code periods} periods after the one {@code time} falls in. */
  public static Instant plus(ShardPeriod period, Instant time, long periods) {
    LocalDate first = start(period, time).atZone(ZoneOffset.UTC).toLocalDate();
    LocalDate moved =
        switch (period) {
          case DAY -> first.plusDays(periods);
          case MONTH -> first.plusMonths(periods);
          case YEAR -> first.plusYears(periods);
        };
    return moved.atStartOfDay(ZoneOffset.UTC).toInstant();
  }

  /** The suffix of the table of the period {@code time} falls in: {@code _2026_11}. */
  public static String suffix(ShardPeriod period, Instant time) {
    ZonedDateTime s = start(period, time).atZone(ZoneOffset.UTC);
    return switch (period) {
      case DAY ->
          String.format(
              java.util.Locale.ROOT,
              "_%04d_%02d_%02d",
              s.getYear(),
              s.getMonthValue(),
              s.getDayOfMonth());
      case MONTH ->
          String.format(java.util.Locale.ROOT, "_%04d_%02d", s.getYear(), s.getMonthValue());
      case YEAR -> String.format(java.util.Locale.ROOT, "_%04d", s.getYear());
    };
  }

  /** The table of {@code base} for the period {@code time} falls in: {@code orders_2026_11}. */
  public static String tableName(String base, ShardPeriod period, Instant time) {
    return base + suffix(period, time);
  }

  /**
   * The start of the period a table of {@code base} holds, if {@code table} is {@code base} plus
   * exactly one suffix of {@code period} (so {@code orders_cold_2026_11} is no table of {@code
   * orders}, and {@code orders_2026_11_23} none of a monthly {@code orders}).
   */
  public static Optional<Instant> periodOf(String base, ShardPeriod period, String table) {
    if (!table.startsWith(base)) {
      return Optional.empty();
    }
    String suffix = table.substring(base.length());
    Matcher m =
        switch (period) {
          case DAY -> DAY.matcher(suffix);
          case MONTH -> MONTH.matcher(suffix);
          case YEAR -> YEAR.matcher(suffix);
        };
    if (!m.matches()) {
      return Optional.empty();
    }
    try {
      int year = Integer.parseInt(m.group(1));
      int month = period == ShardPeriod.YEAR ? 1 : Integer.parseInt(m.group(2));
      int day = period == ShardPeriod.DAY ? Integer.parseInt(m.group(3)) : 1;
      Instant start = LocalDate.of(year, month, day).atStartOfDay(ZoneOffset.UTC).toInstant();
      // a name this class would write for the period, no other spelling of it
      return tableName(base, period, start).equals(table) ? Optional.of(start) : Optional.empty();
    } catch (java.time.DateTimeException e) {
      return Optional.empty();
    }
  }
}
