package dev.widekey.processor.generate;

import dev.widekey.processor.model.EntityModel;
import dev.widekey.processor.model.IndexModel;
import java.util.List;

/**
 * What code outside this package (the query interfaces) needs to know of an index's generated
 * reads: the names {@link IndexMembers} gives them and the shapes it writes them from.
 */
public final class IndexReads {
  private IndexReads() {}

  /** {@code byCard}: the generated repository's accessor of the index's view. */
  public static String accessor(IndexModel index) {
    return IndexMembers.accessor(index);
  }

  /** {@code ByCardIndex}: the nested type in {@code FooKeys} and {@code FooRepository}. */
  public static String nestedType(IndexModel index) {
    return IndexMembers.nestedType(index);
  }

  /**
   * What a read through a service-maintained index promises (exact for a local index, a lag for a
   * global one), or null for a client-side index (exact, each entity checked against its row).
   */
  public static String serviceGuarantee(IndexModel index) {
    return index.byService() ? IndexMembers.serviceGuarantee(index) : null;
  }

  /** The read shapes of the index, as its generated ranges and view methods are written from. */
  public static List<RangeShape> shapes(EntityModel entity, IndexModel index) {
    return IndexMembers.readShapes(entity, index);
  }
}
