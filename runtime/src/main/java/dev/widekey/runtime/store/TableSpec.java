package dev.widekey.runtime.store;

import dev.widekey.annotations.Profile;
import java.util.List;
import java.util.Objects;

/**
 * What a store needs to create a table: its name, its primary-key schema, the points at which it is
 * pre-split into partitions, the profile whose limits it keeps on every store, and its time to
 * live. A split point is a one-column key on the partition-key column; partition {@code i} holds
 * the keys from split point {@code i - 1} (inclusive) up to split point {@code i} (exclusive).
 *
 * <pre>{@code
 * TableSpec spec = new TableSpec("orders",
 *     List.of(new PkColumn("pk", PkType.STRING)),
 *     List.of(PkValue.ofString("4"), PkValue.ofString("8"), PkValue.ofString("c")));
 * }</pre>
 *
 * @param name table name
 * @param primaryKey the primary-key columns, partition key first
 * @param splitPoints ascending, distinct values of the partition-key column's type
 * @param profile the service whose limits the table keeps ({@link StoreLimits#of(Profile)}), on
 *     whichever store holds it, so that what passes locally passes in production
 * @param ttlSeconds seconds a row lives after its last write, or {@link #NO_TTL}: expired rows are
 *     never read back on any store
 */
public record TableSpec(
    String name,
    List<PkColumn> primaryKey,
    List<PkValue> splitPoints,
    Profile profile,
    long ttlSeconds) {

  /** The time to live of a table whose rows never expire (Tablestore's {@code -1}). */
  public static final long NO_TTL = -1;

  /** The profile of a spec that names none: {@code @WideTable}'s default. */
  public static final Profile DEFAULT_PROFILE = Profile.TABLESTORE;

  public TableSpec {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(profile, "profile");
    if (ttlSeconds != NO_TTL && ttlSeconds <= 0) {
      throw new IllegalArgumentException(
          "time to live of table " + name + " is " + ttlSeconds + "; it is positive or NO_TTL");
    }
    primaryKey = List.copyOf(primaryKey);
    splitPoints = List.copyOf(splitPoints);
    if (name.isEmpty()) {
      throw new IllegalArgumentException("table name is empty");
    }
    if (primaryKey.isEmpty()) {
      throw new IllegalArgumentException("table " + name + " has no primary-key column");
    }
    PkType partitionType = primaryKey.get(0).type();
    for (int i = 0; i < splitPoints.size(); i++) {
      PkValue p = splitPoints.get(i);
      if (p.isInfinite() || p.type() != partitionType) {
        throw new IllegalArgumentException(
            "split point " + p + " of table " + name + " is not a " + partitionType + " value");
      }
      if (i > 0 && splitPoints.get(i - 1).compareTo(p) >= 0) {
        throw new IllegalArgumentException("split points of table " + name + " are not ascending");
      }
    }
  }

  /** A table of the default profile whose rows never expire. */
  public TableSpec(String name, List<PkColumn> primaryKey, List<PkValue> splitPoints) {
    this(name, primaryKey, splitPoints, DEFAULT_PROFILE, NO_TTL);
  }

  /** A table without pre-split points. */
  public TableSpec(String name, List<PkColumn> primaryKey) {
    this(name, primaryKey, List.of());
  }

  /** This spec for tables of {@code profile}. */
  public TableSpec withProfile(Profile profile) {
    return new TableSpec(name, primaryKey, splitPoints, profile, ttlSeconds);
  }

  /**
   * This spec with rows that expire {@code ttlSeconds} after their last write, or {@link #NO_TTL}.
   */
  public TableSpec withTtlSeconds(long ttlSeconds) {
    return new TableSpec(name, primaryKey, splitPoints, profile, ttlSeconds);
  }

  /** Whether rows of this table expire. */
  public boolean expires() {
    return ttlSeconds != NO_TTL;
  }

  /** The number of partitions the split points make. */
  public int partitionCount() {
    return splitPoints.size() + 1;
  }
}
