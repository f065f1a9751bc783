package dev.widekey.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Lets a String or byte[] attribute hold values over the store's 2 MB attribute limit (rule WK202):
 * a larger value is stored over several rows of the entity's chunk table ({@code <table>_chunks}),
 * each within one row and one put of its profile, written before the hot row commits the write and
 * read back whole or not at all. Without it, a value over the limit is refused before anything is
 * written. Every profile allows it, Lindorm (2 MB a row) included, and any number of chunked values
 * in one row may be large at once.
 *
 * <p>A value over {@link #maxBytes()} (bytes: a String's UTF-8 length) is refused before anything
 * is written; the cap also bounds what a read allocates for stored bytes. Prefer {@link ColdColumn}
 * for large values, so that hot reads never carry them.
 *
 * <pre>{@code @ColdColumn(compress = true) @Chunked(maxBytes = 16 << 20) String body;}</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT})
public @interface Chunked {
  /**
   * The largest value the field holds, in bytes (a String's UTF-8 length): 64 MiB unless set. At
   * least 1 and at most {@code Integer.MAX_VALUE - 8} (a value is joined into one array), and at
   * most as many chunk rows as one multi-get of the profile reads (WK202).
   */
  long maxBytes() default 64L << 20;
}
