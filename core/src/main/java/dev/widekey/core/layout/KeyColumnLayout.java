package dev.widekey.core.layout;

import dev.widekey.core.store.PkType;
import java.util.List;

/**
 * One primary-key column as stored.
 *
 * @param name the column's name
 * @param type its store type
 * @param source what it holds
 * @param parts the components it holds, in order: one for {@link ColumnSource#COMPONENT}, one or
 *     more for {@link ColumnSource#TEXT}, none otherwise
 * @param delimiter the character between spliced components' texts (meaningful only with more than
 *     one part)
 * @param hash the hash prefix leading the text, or null
 * @param buckets the bucket leading the text, or null
 * @param descending whether an INTEGER component is stored as its complement ({@code ~v}), so the
 *     column sorts in descending order
 */
public record KeyColumnLayout(
    String name,
    PkType type,
    ColumnSource source,
    List<KeyPartLayout> parts,
    char delimiter,
    HashPrefixLayout hash,
    BucketLayout buckets,
    boolean descending) {

  public KeyColumnLayout {
    parts = List.copyOf(parts);
  }
}
