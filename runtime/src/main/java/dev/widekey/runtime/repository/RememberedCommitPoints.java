package dev.widekey.runtime.repository;

import dev.widekey.runtime.store.PrimaryKey;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;

/**
 * The commit points a repository last committed or read, at most {@code capacity} of them (0:
 * none), evicted at random when full. Not least-recently-used: an application that rewrites more
 * entities than are remembered, one after another and again (a periodic refresh, an import run
 * twice), would find none of them under that policy, since each key is evicted just before it is
 * written again; at random, a cycle over 5,000 keys with 4,096 remembered still finds about two
 * thirds of them (the test simulates it), and one within the capacity finds all.
 *
 * <pre>{@code
 * RememberedCommitPoints<Optional<Stored>> remembered = new RememberedCommitPoints<>(4096);
 * remembered.put(key, Optional.of(stored));
 * Optional<Stored> now = remembered.get(key); // null: not remembered
 * }</pre>
 *
 * @param <V> what is remembered of a key
 */
final class RememberedCommitPoints<V> {
  private final int capacity;

  /** Chooses whom to evict; used under this object's lock only. */
  private final RandomGenerator random;

  /** Each key's value and its place in {@link #keys}, so an eviction finds a key in O(1). */
  private final Map<PrimaryKey, Slot<V>> byKey = new HashMap<>();

  private final List<PrimaryKey> keys = new ArrayList<>();

  private static final class Slot<V> {
    V value;
    int place;

    Slot(V value, int place) {
      this.value = value;
      this.place = place;
    }
  }

  RememberedCommitPoints(int capacity) {
    this(capacity, new SplittableRandom());
  }

  /** With the evictions chosen by {@code random}, as a test repeats them from a seed. */
  RememberedCommitPoints(int capacity, RandomGenerator random) {
    this.random = random;
    if (capacity < 0) {
      throw new IllegalArgumentException("capacity " + capacity + " is negative");
    }
    this.capacity = capacity;
  }

  /** Refuses a negative capacity for the repository of {@code table}. */
  static void requireCapacity(String table, int capacity) {
    if (capacity < 0) {
      throw new IllegalArgumentException(
          "the commit points remembered for table "
              + table
              + " cannot be "
              + capacity
              + ": give 0 (none) or more");
    }
  }

  /** What is remembered of {@code key}, or null if nothing is. */
  synchronized V get(PrimaryKey key) {
    Slot<V> slot = byKey.get(key);
    return slot == null ? null : slot.value;
  }

  /**
   * Remembers {@code value} for {@code key}, evicting a key chosen at random when full; nothing
   * with a capacity of 0.
   */
  synchronized void put(PrimaryKey key, V value) {
    if (capacity == 0) {
      return;
    }
    Slot<V> slot = byKey.get(key);
    if (slot != null) {
      slot.value = value;
      return;
    }
    if (keys.size() == capacity) {
      int place = random.nextInt(capacity);
      byKey.remove(keys.get(place));
      keys.set(place, key);
      byKey.put(key, new Slot<>(value, place));
      return;
    }
    byKey.put(key, new Slot<>(value, keys.size()));
    keys.add(key);
  }

  /** Forgets {@code key}, if remembered. */
  synchronized void remove(PrimaryKey key) {
    Slot<V> slot = byKey.remove(key);
    if (slot == null) {
      return;
    }
    PrimaryKey last = keys.remove(keys.size() - 1);
    if (slot.place < keys.size()) {
      keys.set(slot.place, last); // the last key moves into the freed place
      byKey.get(last).place = slot.place;
    }
  }

  /** How many keys are remembered. */
  synchronized int size() {
    return byKey.size();
  }
}
