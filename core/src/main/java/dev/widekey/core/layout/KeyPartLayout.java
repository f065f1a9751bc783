package dev.widekey.core.layout;

/**
 * One key component as encoded into its column.
 *
 * @param name the component's (the entity field's) name
 * @param kind what its Java type is for storage: {@code STRING}, {@code LONG}, {@code INT}, {@code
 *     SHORT}, {@code BYTE}, {@code BYTES}, {@code UUID}, {@code ENUM}, or a time: {@code INSTANT},
 *     {@code LOCAL_DATE_TIME}, {@code OFFSET_DATE_TIME}, {@code ZONED_DATE_TIME} (stored as epoch
 *     milliseconds) or {@code LOCAL_DATE} (stored as its epoch day)
 * @param padWidth the {@code @Padded} width, or 0 when the number is written as plain decimal
 * @param padSigned whether the padding is signed ({@code @Padded(signed = true)})
 * @param reversed whether its text is reversed ({@code @Reversed})
 * @param alphabet the {@code @KeyChars} alphabet as written, or null
 * @param maxLength the {@code @MaxLength}, or 0
 * @param truncated whether a time kept as epoch milliseconds is truncated to whole milliseconds
 *     before it is encoded ({@code @TruncatedToMillis}; the layout line {@code
 *     key.N.part.M.truncate=MILLIS}) instead of refused when finer (WK104)
 */
public record KeyPartLayout(
    String name,
    String kind,
    int padWidth,
    boolean padSigned,
    boolean reversed,
    String alphabet,
    int maxLength,
    boolean truncated) {

  /** A component whose value is never truncated. */
  public KeyPartLayout(
      String name,
      String kind,
      int padWidth,
      boolean padSigned,
      boolean reversed,
      String alphabet,
      int maxLength) {
    this(name, kind, padWidth, padSigned, reversed, alphabet, maxLength, false);
  }
}
