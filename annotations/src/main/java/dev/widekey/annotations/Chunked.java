package dev.widekey.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Lets a String or byte[] attribute hold values over the store's 2 MB attribute limit (rule WK202):
 * a larger value is split into chunk columns ({@code body#0}, {@code body#1}, …) when written and
 * joined again when read. Without it, a value over the limit is refused before anything is written.
 *
 * <p>A chunked row can be larger than one batch may carry, so bulk puts write such rows on their
 * own; it cannot be larger than one put of a row carries on its profile: 4 MB on Tablestore (one
 * PutRow), 64 MB on HBase. Every store refuses a larger row before anything is written, the
 * embedded store included, and on Tablestore only one chunked value of a row can pass 2 MB at a
 * time (a second {@code @Chunked} field in the same row is warned). Prefer {@link ColdColumn} for
 * large values, so that hot reads never carry them; the cold row is a put of its own.
 *
 * <pre>{@code @ColdColumn(compress = true) @Chunked String body;}</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT})
public @interface Chunked {}
