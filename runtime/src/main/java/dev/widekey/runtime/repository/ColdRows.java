package dev.widekey.runtime.repository;

import dev.widekey.core.store.AttrType;
import dev.widekey.core.store.PkType;
import dev.widekey.core.store.ReservedNames;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.OrderedKeyBytes;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WriteCondition;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;

/**
 * The layout of an entity's cold rows: the one home of how a cold row is keyed and what it carries
 * besides the entity's cold columns.
 *
 * <p>A cold row is immutable: it is keyed by the hot key's partition column and the random write
 * tag of the write that stored it ({@value #TAG}), and no other write ever stores that key. The hot
 * row, the entity's commit point, names the tag of its cold row, so a reader pairs a hot row only
 * with the cold row of the same write, and a late or concurrent write can never overwrite the cold
 * columns of an acknowledged one. The partition column keeps an entity's cold rows in the partition
 * its hot row would take (the hot table's split points apply), and the key has two columns whatever
 * the hot key has, within every profile's column count (Tablestore's four).
 *
 * <p>A cold row also carries its owner, the hot key ({@value #OWNER}, the ordered key bytes), which
 * a read checks, so that a row stored under a guessed or colliding tag is never paired with another
 * entity, and which lets a sweep find the hot row of a cold row nobody points at; and the time it
 * was written ({@value #WRITTEN}, epoch milliseconds of the writer's clock), which bounds how long
 * such a row may still be an unfinished write's.
 *
 * <pre>{@code
 * TableSpec cold = ColdRows.tableSpec("orders_cold", OrderTable.HOT);
 * PrimaryKey coldKey = ColdRows.key(hotKey, tag);
 * }</pre>
 */
public final class ColdRows {
  /** The cold table's second key column: INTEGER, the write tag of the write that stored it. */
  public static final String TAG = ReservedNames.COLD_TAG;

  /** Cold-row column: BINARY, the hot key of the entity, as {@link OrderedKeyBytes} encodes it. */
  public static final String OWNER = ReservedNames.COLD_OWNER;

  /** Cold-row column: INTEGER, when the writer stored the row (epoch milliseconds, its clock). */
  public static final String WRITTEN = ReservedNames.COLD_WRITTEN;

  /**
   * How long after planning its rows a write may still commit: past it (by the longer of its wall
   * clock and monotonic ages), a single write gives up (retryable, nothing committed), and a commit
   * acknowledged past it, after a pause, stores its rows again, so that a sweep with a longer grace
   * never leaves a commit naming rows it deleted.
   */
  public static final Duration COMMIT_DEADLINE = Duration.ofMinutes(10);

  /**
   * The least grace a sweep takes: six times {@link #COMMIT_DEADLINE}. A grace tolerates a sweeper
   * clock that runs ahead of a writer's by up to the grace less the deadline (50 minutes at this
   * least one); clocks further apart need a longer grace.
   */
  public static final Duration MIN_SWEEP_GRACE = Duration.ofHours(1);

  /**
   * {@code grace} if a sweep may take it: at least {@link #MIN_SWEEP_GRACE}.
   *
   * @throws IllegalArgumentException for a shorter grace, which could delete a row a write still
   *     commits
   */
  static Duration requireSweepGrace(Duration grace) {
    if (grace.compareTo(MIN_SWEEP_GRACE) < 0) {
      throw new IllegalArgumentException(
          "a sweep's grace is at least " + MIN_SWEEP_GRACE + ", not " + grace);
    }
    return grace;
  }

  private ColdRows() {}

  /**
   * Deletes a garbage row a sweep read, only if it is still the row it read (the same write time):
   * a row key names one write, but a resumed import stores its rows again under its stopped tag,
   * and may commit them between the sweep's check of the hot row and this delete.
   *
   * @return whether the row was deleted; false if it was stored again, or removed, meanwhile
   */
  static boolean deleteIfUnchanged(
      WideTableStore store, String table, PrimaryKey key, AttrValue written) {
    try {
      store.delete(table, key, WriteCondition.columnEquals(WRITTEN, written));
      return true;
    } catch (StoreException e) {
      if (e.kind() != ErrorKind.CONDITION_FAILED) {
        throw e;
      }
      return false;
    }
  }

  /**
   * The cold table of an entity whose hot table is {@code hot}: named {@code name}, keyed by the
   * hot table's partition column and {@link #TAG}, with the hot table's split points, profile and
   * time to live.
   */
  public static TableSpec tableSpec(String name, TableSpec hot) {
    return new TableSpec(name, keyColumns(hot), hot.splitPoints(), hot.profile(), hot.ttlSeconds());
  }

  /** The cold table's key columns for a hot table. */
  public static List<PkColumn> keyColumns(TableSpec hot) {
    return List.of(hot.primaryKey().get(0), new PkColumn(TAG, PkType.INTEGER));
  }

  /** Whether {@code cold} is laid out as the cold table of {@code hot} (its name aside). */
  static boolean laidOutFor(TableSpec cold, TableSpec hot) {
    return cold.primaryKey().equals(keyColumns(hot))
        && cold.splitPoints().equals(hot.splitPoints())
        && cold.profile() == hot.profile()
        && cold.ttlSeconds() == hot.ttlSeconds();
  }

  /** The key of the cold row that the write tagged {@code tag} stores for {@code hotKey}. */
  public static PrimaryKey key(PrimaryKey hotKey, long tag) {
    return PrimaryKey.of(hotKey.get(0), PkValue.ofInteger(tag));
  }

  /** The owner value a cold row of {@code hotKey} carries. */
  public static AttrValue owner(PrimaryKey hotKey) {
    return AttrValue.ofBinary(OrderedKeyBytes.encode(hotKey));
  }

  /**
   * Checks that a cold row read for {@code hotKey} is that entity's: a row whose owner is another
   * key, or missing, was not stored by this entity's write.
   *
   * @throws StoreException {@link ErrorKind#CORRUPT_DATA}, naming both tables' rows
   */
  static void checkOwner(String coldTable, Row cold, PrimaryKey hotKey) {
    AttrValue owner = cold.get(OWNER);
    byte[] expected = OrderedKeyBytes.encode(hotKey);
    if (owner == null
        || owner.type() != AttrType.BINARY
        || !Arrays.equals(owner.asBinary(), expected)) {
      throw new StoreException(
          ErrorKind.CORRUPT_DATA,
          "cold row "
              + cold.key()
              + " of table "
              + coldTable
              + " does not belong to entity "
              + hotKey
              + " (its "
              + OWNER
              + " column is "
              + (owner == null ? "missing" : "another key's")
              + "); the row was not written by widekey for this entity (another writer, a"
              + " restored backup, or damage)",
          false,
          null);
    }
  }
}
