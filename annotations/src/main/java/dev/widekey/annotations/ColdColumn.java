package dev.widekey.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * An attribute read rarely, stored in the entity's cold table (rule WK204) so that reads of the hot
 * columns do not drag it along. The repository reads the cold table only when asked.
 *
 * <p>With {@code compress = true} a String or byte[] value is deflated and stored as binary (rule
 * WK203), and restored exactly on read. A compressed value is capped by its inflated size, {@link
 * #maxInflatedBytes()}, on write and on read, so that a small stored value can never inflate into
 * the whole heap.
 *
 * <pre>{@code
 * @ColdColumn(compress = true) String description;
 * @ColdColumn(compress = true, maxInflatedBytes = 64 << 20) byte[] scan;  // up to 64 MiB
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT})
public @interface ColdColumn {
  /** Deflate the value and store it as binary; String and byte[] only. */
  boolean compress() default false;

  /**
   * With {@code compress = true}: the most bytes the value may hold before compression (UTF-8 bytes
   * of text). A larger value is refused on write, and a stored value that would inflate past it is
   * refused on read. {@code 0}, the default, means the runtime's {@code
   * Compression.DEFAULT_MAX_INFLATED_BYTES}, 32 MiB (sixteen times the 2 MB attribute limit).
   */
  long maxInflatedBytes() default 0;
}
