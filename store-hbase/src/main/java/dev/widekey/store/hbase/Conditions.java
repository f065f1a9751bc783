package dev.widekey.store.hbase;

import dev.widekey.core.store.Utf8;
import dev.widekey.runtime.store.WriteCondition;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;
import org.apache.hadoop.hbase.CompareOperator;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.filter.BinaryComparator;
import org.apache.hadoop.hbase.filter.FilterList;
import org.apache.hadoop.hbase.filter.QualifierFilter;
import org.apache.hadoop.hbase.filter.RegexStringComparator;
import org.apache.hadoop.hbase.filter.SingleColumnValueFilter;
import org.apache.hadoop.hbase.io.TimeRange;

/**
 * A {@link WriteCondition} as the check of an HBase {@code checkAndMutate} of a put or a delete,
 * which the region server evaluates and applies atomically under the row lock. Cells past the
 * family's time to live are invisible to the check's read as to every read, so an expired row is
 * absent to every condition. The row exists when its marker cell does ({@link RowMarker}); a column
 * holds a value when its cell equals the value's encoding <em>and</em> the latest marker lists the
 * column, because the cell of a column an older, wider row had stays behind, unlisted, after a
 * narrower put ({@link WriteCondition#columnEqualsOrLeftover} checks the cell alone).
 */
final class Conditions {
  private static final byte[] FAMILY = HBaseStore.FAMILY_BYTES;

  private Conditions() {}

  /**
   * The put under its condition, or {@code null} when no stored row can meet it (a column name that
   * no row can hold: empty, or without a UTF-8 form, as the marker's qualifier {@code 0xFF} is).
   *
   * <pre>{@code
   * CheckAndMutate c = Conditions.checkAndPut(key, WriteCondition.rowAbsent(), put);
   * }</pre>
   */
  static CheckAndMutate checkAndPut(byte[] key, WriteCondition condition, Put put) {
    return checkAndPut(key, condition, put, false);
  }

  /**
   * As {@link #checkAndPut(byte[], WriteCondition, Put)}; with {@code markerOnly}, a column
   * condition's check returns only the row marker, so that the cell the region server finds first
   * (whose timestamp it stamps the put with at least, HBASE-14054) is the latest marker and never
   * an older row's leftover cell.
   */
  static CheckAndMutate checkAndPut(
      byte[] key, WriteCondition condition, Put put, boolean markerOnly) {
    CheckAndMutate.Builder check = check(key, condition, markerOnly);
    return check == null ? null : check.build(put);
  }

  /**
   * A plain put of the {@link HBaseStore.WriteOrder#ROW_MARKER} order, as a guess of the row's
   * state: {@code present} checks that the marker exists (the region server then stamps the put
   * with {@code max(its clock, the marker's timestamp)}), otherwise that it does not (the put then
   * carries the server's clock: it replaces no visible cell). A wrong guess fails the check and
   * writes nothing; the caller guesses the other way.
   */
  static CheckAndMutate orderedPut(byte[] key, boolean present, Put put) {
    return check(key, present ? WriteCondition.rowPresent() : WriteCondition.rowAbsent(), false)
        .build(put);
  }

  /**
   * A plain delete of the {@link HBaseStore.WriteOrder#ROW_MARKER} order: it masks every cell up to
   * {@code markerTimestamp}, the latest marker's timestamp the caller read ({@code -1}: no marker),
   * and applies only if no marker newer than that one has been written since; a failed check writes
   * nothing and the caller reads the marker again.
   */
  static CheckAndMutate orderedDelete(byte[] key, long markerTimestamp) {
    CheckAndMutate.Builder check =
        CheckAndMutate.newBuilder(key).ifNotExists(FAMILY, RowMarker.QUALIFIER);
    if (markerTimestamp < 0) {
      return check.build(new Delete(key)); // no row: nothing to mask, at the server's time
    }
    // a delete at the marker's timestamp masks every cell of the row (no cell is newer than its
    // latest marker); NEW_VERSION_BEHAVIOR keeps a later put visible whatever its timestamp
    return check
        .timeRange(TimeRange.from(markerTimestamp + 1))
        .build(new Delete(key, markerTimestamp));
  }

  /**
   * The delete under its condition, built as {@link #checkAndPut}'s: the same check of the marker
   * and the listed column, or {@code null} when no stored row can meet it.
   *
   * <pre>{@code
   * CheckAndMutate c = Conditions.checkAndDelete(key, WriteCondition.rowPresent(), delete);
   * }</pre>
   */
  static CheckAndMutate checkAndDelete(byte[] key, WriteCondition condition, Delete delete) {
    CheckAndMutate.Builder check = check(key, condition, false);
    return check == null ? null : check.build(delete);
  }

  /**
   * A write under {@code columnAbsent(column, true)} as one of its two checks: one {@code
   * checkAndMutate} cannot hold of an absent row and of a present one at once (a filter check
   * passes only when it finds a cell, which an absent row has none of). So the caller guesses:
   * {@code guessPresent} false checks that no marker exists, true that the marker exists and does
   * not list the column. A wrong guess writes nothing; the caller reads the row and guesses again.
   *
   * <pre>{@code
   * CheckAndMutate c = Conditions.columnAbsent(key, absent, put, false, false); // row absent?
   * }</pre>
   */
  static CheckAndMutate columnAbsent(
      byte[] key,
      WriteCondition.ColumnAbsent condition,
      Mutation write,
      boolean markerOnly,
      boolean guessPresent) {
    CheckAndMutate.Builder check =
        guessPresent
            ? unlisted(CheckAndMutate.newBuilder(key), condition.column(), markerOnly)
            : CheckAndMutate.newBuilder(key).ifNotExists(FAMILY, RowMarker.QUALIFIER);
    return write instanceof Put put ? check.build(put) : check.build((Delete) write);
  }

  /**
   * A check that the row's marker exists and does not list {@code column}: a stored row without a
   * value in it (a cell of it that the marker does not list is an older row's leftover).
   */
  private static CheckAndMutate.Builder unlisted(
      CheckAndMutate.Builder check, String column, boolean markerOnly) {
    SingleColumnValueFilter unlisted =
        new SingleColumnValueFilter(
            FAMILY, RowMarker.QUALIFIER, CompareOperator.NOT_EQUAL, listedIn(Utf8.encode(column)));
    unlisted.setFilterIfMissing(true);
    if (!markerOnly) {
      return check.ifMatches(unlisted);
    }
    return check.ifMatches(
        new FilterList(
            FilterList.Operator.MUST_PASS_ALL,
            unlisted,
            new QualifierFilter(CompareOperator.EQUAL, new BinaryComparator(RowMarker.QUALIFIER))));
  }

  /** The check of a write under {@code condition}, or {@code null} when no row can meet it. */
  private static CheckAndMutate.Builder check(
      byte[] key, WriteCondition condition, boolean markerOnly) {
    CheckAndMutate.Builder check = CheckAndMutate.newBuilder(key);
    if (condition instanceof WriteCondition.ColumnAbsent absent) {
      // with orRowAbsent, the first guess: absent (a version-0 put is most often a new entity's)
      return absent.orRowAbsent()
          ? check.ifNotExists(FAMILY, RowMarker.QUALIFIER)
          : unlisted(check, absent.column(), markerOnly);
    }
    if (condition instanceof WriteCondition.RowAbsent) {
      return check.ifNotExists(FAMILY, RowMarker.QUALIFIER);
    }
    if (condition instanceof WriteCondition.RowPresent) {
      // a marker value is never empty, so "not equal to empty" is "the marker exists"
      return check.ifMatches(FAMILY, RowMarker.QUALIFIER, CompareOperator.NOT_EQUAL, new byte[0]);
    }
    if (condition instanceof WriteCondition.ColumnEquals equals) {
      if (equals.column().isEmpty() || !Utf8.isWellFormed(equals.column())) {
        return null;
      }
      byte[] qualifier = Utf8.encode(equals.column());
      if (equals.orLeftover() && !markerOnly) {
        // the cell alone, read alone: the classic check, no filter over the row's other cells
        return check.ifEquals(FAMILY, qualifier, CellCodec.encode(equals.expected()));
      }
      SingleColumnValueFilter cell =
          new SingleColumnValueFilter(
              FAMILY,
              qualifier,
              CompareOperator.EQUAL,
              new BinaryComparator(CellCodec.encode(equals.expected())));
      cell.setFilterIfMissing(true);
      FilterList all = new FilterList(FilterList.Operator.MUST_PASS_ALL, cell);
      if (!equals.orLeftover()) {
        // the cell of an older, wider row is a leftover unless the marker lists it; a condition
        // that may accept the leftover spares the server the regular expression (and under the
        // row-marker order still reads the marker, whose timestamp the put must pass)
        SingleColumnValueFilter listed =
            new SingleColumnValueFilter(
                FAMILY, RowMarker.QUALIFIER, CompareOperator.EQUAL, listedIn(qualifier));
        listed.setFilterIfMissing(true);
        all.addFilter(listed);
      }
      if (markerOnly) {
        // last, so that both column filters see every cell (an AND list stops at a skip)
        all.addFilter(
            new QualifierFilter(CompareOperator.EQUAL, new BinaryComparator(RowMarker.QUALIFIER)));
      }
      return check.ifMatches(all);
    }
    return null; // none: not a conditional write (the caller sends a plain Put or Delete)
  }

  /**
   * Matches a marker value that lists {@code qualifier}: it contains {@code FF name FF}. HBase has
   * no comparator for a byte substring, so the bytes are read as ISO-8859-1 text (one character a
   * byte) and matched as a quoted regular expression.
   */
  private static RegexStringComparator listedIn(byte[] qualifier) {
    String needle = new String(RowMarker.listing(qualifier), StandardCharsets.ISO_8859_1);
    RegexStringComparator comparator =
        new RegexStringComparator(Pattern.quote(needle), Pattern.DOTALL);
    comparator.setCharset(StandardCharsets.ISO_8859_1);
    return comparator;
  }
}
