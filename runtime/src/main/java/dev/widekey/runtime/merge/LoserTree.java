package dev.widekey.runtime.merge;

import dev.widekey.runtime.store.PrimaryKey;
import java.util.Arrays;
import java.util.Comparator;
import java.util.function.Function;

/**
 * The sources' heads as a tournament (loser) tree: each inner node keeps the loser of the match
 * below it and the root the overall winner, the smallest logical key (ties: the lower source index,
 * so equal logical keys come in source order). When the winner's source moves to its next head, one
 * replay from its leaf to the root compares it with one stored loser per level: ⌈log2 k⌉ comparator
 * calls per merged row, half of what a binary heap's sift takes (two per level), and no swaps. An
 * exhausted source holds a null key, which loses to every key.
 *
 * <p>With a sort prefix (a long per key that orders keys as the comparator does wherever two
 * prefixes differ), each head's prefix is computed once, when its page is read, and a match
 * compares two longs in one array; the comparator (and the pointer chase through the keys) only
 * settles equal prefixes.
 */
final class LoserTree<T> {
  private final Comparator<PrimaryKey> order;
  private final Function<T, PrimaryKey> keyOf;
  private final int k;
  private final int[] losers; // losers[1..k-1]: inner nodes; losers[0]: the winner
  private final Object[] heads; // head by source index; null: no more rows
  private final long[] prefixes; // the heads' sort prefixes; Long.MAX_VALUE for no more rows

  /**
   * A tree over heads of type {@code T} whose keys {@code keyOf} gives: asked for only when two
   * sort prefixes are equal, so that a head whose key is decoded lazily (a stored row) is not
   * decoded to be ordered.
   */
  LoserTree(int sources, Comparator<PrimaryKey> order, Function<T, PrimaryKey> keyOf) {
    this.order = order;
    this.keyOf = keyOf;
    this.k = sources;
    this.losers = new int[Math.max(1, sources)];
    this.heads = new Object[sources];
    this.prefixes = new long[sources];
  }

  /** Plays every match, from the heads set with {@link #set}. */
  void build() {
    if (k == 0) {
      return;
    }
    int[] winners = new int[2 * k];
    for (int i = 0; i < k; i++) {
      winners[k + i] = i;
    }
    for (int node = k - 1; node >= 1; node--) {
      int a = winners[2 * node];
      int b = winners[2 * node + 1];
      if (before(a, b)) {
        winners[node] = a;
        losers[node] = b;
      } else {
        winners[node] = b;
        losers[node] = a;
      }
    }
    losers[0] = k == 1 ? 0 : winners[1];
  }

  /**
   * Sets a source's head key and its sort prefix (0 without one) before {@link #build}; null when
   * it has no rows.
   */
  void set(int source, T head, long prefix) {
    heads[source] = head;
    prefixes[source] = head == null ? Long.MAX_VALUE : prefix;
  }

  /** Whether every source is exhausted. */
  boolean isEmpty() {
    return k == 0 || heads[losers[0]] == null;
  }

  /** The source of the smallest head. */
  int winner() {
    return losers[0];
  }

  /** Gives the winning source its next head key (null: exhausted) and replays its matches. */
  void replaceWinner(T head, long prefix) {
    int winner = losers[0];
    heads[winner] = head;
    prefixes[winner] = head == null ? Long.MAX_VALUE : prefix;
    for (int node = (winner + k) >>> 1; node > 0; node >>>= 1) {
      int loser = losers[node];
      if (before(loser, winner)) {
        losers[node] = winner;
        winner = loser;
      }
    }
    losers[0] = winner;
  }

  void clear() {
    Arrays.fill(heads, null);
  }

  /** Whether source {@code a}'s head comes before source {@code b}'s. */
  @SuppressWarnings("unchecked")
  private boolean before(int a, int b) {
    long pa = prefixes[a];
    long pb = prefixes[b];
    if (pa != pb) {
      return pa < pb; // an exhausted source's MAX_VALUE included
    }
    Object ha = heads[a];
    Object hb = heads[b];
    if (ha == null) {
      return false;
    }
    if (hb == null) {
      return true;
    }
    int c = order.compare(keyOf.apply((T) ha), keyOf.apply((T) hb));
    return c != 0 ? c < 0 : a < b;
  }
}
