package dev.widekey.runtime.merge;

import dev.widekey.runtime.store.PrimaryKey;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.function.Function;

/**
 * Merges sources already in {@code order} of their items' keys into one iterator in that order, by
 * the same tournament tree the scan merge uses ({@link LoserTree}); equal keys come in source
 * order. For items that are not store rows: the entities of several periods' index reads, each in
 * index order.
 *
 * <pre>{@code
 * Iterator<Order> merged = KeyedMerge.of(List.of(a, b), OrderKeys::indexKey, Comparator.naturalOrder());
 * }</pre>
 */
public final class KeyedMerge<T> implements Iterator<T> {
  private final List<Iterator<T>> sources;
  private final Function<T, PrimaryKey> key;
  private final LoserTree<T> tree;
  private final Object[] heads;

  private KeyedMerge(
      List<Iterator<T>> sources, Function<T, PrimaryKey> key, Comparator<PrimaryKey> order) {
    this.sources = List.copyOf(sources);
    this.key = key;
    this.tree = new LoserTree<>(sources.size(), order, key);
    this.heads = new Object[sources.size()];
    for (int i = 0; i < sources.size(); i++) {
      Iterator<T> source = sources.get(i);
      T head = source.hasNext() ? source.next() : null;
      heads[i] = head;
      tree.set(i, head, 0);
    }
    tree.build();
  }

  /** The items of {@code sources}, each in {@code order} of {@code key}, merged. */
  public static <T> KeyedMerge<T> of(
      List<Iterator<T>> sources, Function<T, PrimaryKey> key, Comparator<PrimaryKey> order) {
    return new KeyedMerge<>(sources, key, order);
  }

  @Override
  public boolean hasNext() {
    return !tree.isEmpty();
  }

  @Override
  @SuppressWarnings("unchecked")
  public T next() {
    if (!hasNext()) {
      throw new NoSuchElementException();
    }
    int winner = tree.winner();
    T item = (T) heads[winner];
    Iterator<T> source = sources.get(winner);
    T next = source.hasNext() ? source.next() : null;
    heads[winner] = next;
    tree.replaceWinner(next, 0);
    return item;
  }
}
