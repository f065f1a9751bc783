package dev.widekey.runtime.repository;

import dev.widekey.core.Rule;
import dev.widekey.core.RuleViolationException;
import java.time.Instant;

/**
 * A write to a period that retention has fenced: it is being archived and dropped, or was, so the
 * write is refused (WK210). Every repository instance gets this refusal for such a period, however
 * old its caches, rather than {@code TABLE_NOT_FOUND} once the tables are gone.
 *
 * <p>Usually nothing was written. When the fence was found only after the write (a write that took
 * longer than the fence settle time, {@link TimeShardedRepository#withFenceSettle}), the write is
 * not acknowledged: its row may be in the archive, or in none; {@link #afterWrite()} tells.
 *
 * <pre>{@code
 * try { orders.put(lateOrder); }
 * catch (PeriodFencedException e) { deadLetters.add(lateOrder); } // its month is archived
 * }</pre>
 */
public class PeriodFencedException extends RuleViolationException {
  private static final long serialVersionUID = 1L;

  private final String table;
  private final transient Instant start;
  private final boolean afterWrite;

  public PeriodFencedException(String field, String table, Instant start, boolean afterWrite) {
    super(
        Rule.WK210,
        field,
        "value lies in the period of "
            + table
            + " (from "
            + start
            + "), which retention has fenced to archive and drop it; "
            + (afterWrite
                ? "the fence was found after the write, which is not acknowledged: its row may be"
                    + " in the archive or in none"
                : "nothing was written")
            + ". Write it elsewhere (the period is past retention)");
    this.table = table;
    this.start = start;
    this.afterWrite = afterWrite;
  }

  /** The fenced period's hot table. */
  public String table() {
    return table;
  }

  /** The start of the fenced period. */
  public Instant start() {
    return start;
  }

  /**
   * Whether the fence was found only after the write was sent: the write is not acknowledged, and
   * its row may or may not have been archived.
   */
  public boolean afterWrite() {
    return afterWrite;
  }
}
