package dev.widekey.processor.model;

/** What a property's Java type is, as far as storing it is concerned. */
public enum ValueKind {
  STRING(false, 0),
  LONG(true, 19),
  INT(true, 10),
  SHORT(true, 5),
  BYTE(true, 3),
  BOOLEAN(false, 0),
  DOUBLE(false, 0),
  FLOAT(false, 0),
  BYTES(false, 0),
  UUID(false, 0),
  ENUM(false, 0),
  /** Stored in keys as epoch milliseconds. */
  INSTANT(true, 19),
  /** Stored in keys as its epoch day (LocalDate's range has at most 12 digits). */
  LOCAL_DATE(true, 12),
  /** Stored in keys as epoch milliseconds of the date-time read as if in UTC. */
  LOCAL_DATE_TIME(true, 19),
  /** Stored in keys as epoch milliseconds of its instant; the offset is not kept. */
  OFFSET_DATE_TIME(true, 19),
  /** Stored in keys as epoch milliseconds of its instant; the zone is not kept. */
  ZONED_DATE_TIME(true, 19),
  BIG_DECIMAL(false, 0),
  /** Anything else: collections, maps, other classes. */
  UNSUPPORTED(false, 0);

  private final boolean integral;
  private final int maxDigits;

  ValueKind(boolean integral, int maxDigits) {
    this.integral = integral;
    this.maxDigits = maxDigits;
  }

  /** Whether the value is a whole number, written as decimal digits when spliced. */
  public boolean integral() {
    return integral;
  }

  /** Decimal digits of the type's largest magnitude (long: 19). */
  public int maxDigits() {
    return maxDigits;
  }

  /**
   * For a time, the digits its stored number has for every date from 2001 to 2243 (epoch
   * milliseconds 13, from 2001-09-09 to 2286; epoch days 5, from 1997-05-19 to 2243): a narrower
   * {@code @Padded} refuses every present-day value. 0 for any other kind.
   */
  public int presentDayDigits() {
    return !time() ? 0 : this == LOCAL_DATE ? 5 : 13;
  }

  /** Whether the value is a point in time, stored in keys as a number (epoch millis or days). */
  public boolean time() {
    return this == INSTANT
        || this == LOCAL_DATE
        || this == LOCAL_DATE_TIME
        || this == OFFSET_DATE_TIME
        || this == ZONED_DATE_TIME;
  }

  /** Whether the value is a point in time stored in keys as epoch milliseconds. */
  public boolean millis() {
    return this == INSTANT
        || this == LOCAL_DATE_TIME
        || this == OFFSET_DATE_TIME
        || this == ZONED_DATE_TIME;
  }

  /** Whether the kind may be a primary-key component at all (rule WK108). */
  public boolean keyable() {
    return integral || this == STRING || this == UUID || this == ENUM || this == BYTES;
  }
}
