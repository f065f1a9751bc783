package dev.widekey.processor.query;

import dev.widekey.processor.generate.RangeShape;
import dev.widekey.processor.model.IndexModel;
import dev.widekey.processor.model.KeyComponent;
import java.util.List;
import java.util.Optional;

/**
 * A way to read an entity's rows in key order: the primary key ({@link PrimaryKeyPath}) or an index
 * table ({@link IndexPath}). It says which reads its key layout allows, from the same {@link
 * RangeShape}s the generated {@code scanBy...} methods are written from, so that a query is
 * accepted exactly when a generated scan serves it.
 *
 * <p>An index access path lists its own key components and answers {@link #equality} and {@link
 * #range} with reads of its own; {@link QueryChecker} tries the primary key, then each index, and
 * explains, from every path's refusal, why none serves a query.
 */
interface AccessPath {
  /** What the messages call this path: {@code "the primary key"}, {@code "index 'by_card'"}. */
  String description();

  /** The index this path reads, or null for the primary key. */
  default IndexModel index() {
    return null;
  }

  /** The components of the path's key, in key order. */
  List<KeyComponent> components();

  /** The read fixing exactly {@code fixed} (a leading run of {@link #components()}), if any. */
  Optional<Read> equality(List<KeyComponent> fixed);

  /** The read fixing {@code fixed} and bounding {@code between}, the component after them. */
  Optional<Read> range(List<KeyComponent> fixed, KeyComponent between);

  /**
   * Why {@code c} takes no range or ordering (it is hash-prefixed, reversed, stored by name...), or
   * empty when its stored order is its values' order.
   */
  Optional<String> unordered(KeyComponent c);

  /**
   * Why fixing only {@code fixed} reads no contiguous run of rows (a hash prefix digests components
   * not fixed), or empty.
   */
  Optional<String> unscannable(List<KeyComponent> fixed);

  /**
   * One read of an access path.
   *
   * @param shape the scan shape, or null for a point read of the whole key
   * @param path the path it reads
   */
  record Read(RangeShape shape, AccessPath path) {
    boolean pointRead() {
      return shape == null;
    }
  }
}
