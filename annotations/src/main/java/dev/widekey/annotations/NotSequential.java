package dev.widekey.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares, with a reason, that the leading partition-key component is not sequential although its
 * type or name suggests it (rule WK102), or that its few values are accepted.
 *
 * <p>A key whose new values keep increasing (order numbers, timestamps, auto-increment ids) sends
 * every new row to the last partition, a hotspot that more partitions do not relieve; so a leading
 * component of an integral or time type is taken as sequential unless a {@link HashPrefix} covers
 * it, it is {@link Bucketed} or {@link Reversed}, or it carries this opt-out. A key whose values
 * are all written concurrently (many devices, many cards) spreads writes even if the values are
 * numbers, which is why the seeds recommend leading with a DeviceID or CardID: say so here. The
 * same opt-out silences the warnings for a leading component of few values (a small SellerID set,
 * an enum of a handful of constants) and for a String whose name says sequence or time.
 *
 * <p>The reason is mandatory and must not be blank: it is the design decision a reviewer reads. The
 * annotation means something only on the leading partition-key component that is not already
 * scattered; anywhere else it is reported.
 *
 * <pre>{@code
 * @PartitionKey @Padded(width = 6) @NotSequential(reason = "many devices write at the same time")
 * long deviceId;
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT})
public @interface NotSequential {
  /** Why the values are written concurrently rather than in increasing order; not blank. */
  String reason();
}
