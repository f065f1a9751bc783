package dev.widekey.runtime.query;

import dev.widekey.core.Rule;
import dev.widekey.core.RuleViolationException;

/**
 * A continuation token (a page request's cursor) this repository did not hand out for this query
 * (WK309): nothing was read. A token is signed with the repository's {@link ContinuationKey} and
 * bound to the table, the query and its parameters, so a forged, damaged or borrowed one is refused
 * before the store is asked for anything.
 *
 * <pre>{@code
 * try {
 *   page = readings.pageBySensorId("s1", request);
 * } catch (InvalidContinuationException e) {
 *   if (e.reason() == InvalidContinuationException.Reason.OTHER_QUERY) { ... } // start over
 * }
 * }</pre>
 */
public final class InvalidContinuationException extends RuleViolationException {
  private static final long serialVersionUID = 1L;

  /** Why a token was refused. */
  public enum Reason {
    /** Not a token: not one URL-safe Base64 text, cut short, or a cursor of other elements. */
    MALFORMED,
    /** A token format this version does not read (its version byte). */
    UNKNOWN_VERSION,
    /** The signature does not match: altered, forged, or signed with another key. */
    BAD_SIGNATURE,
    /** A genuine token of another entity's table. */
    OTHER_TABLE,
    /**
     * A genuine token of another query, or of the same query with other parameters; for a merged
     * read ({@link dev.widekey.runtime.merge.MergedScan#openAfter}), a position no read of that
     * merge returns: of a source it does not have, or a key its sources cannot hold.
     */
    OTHER_QUERY
  }

  private final Reason reason;

  /**
   * @param reason why
   * @param table the table the query reads
   * @param queryId the query the token was given to
   * @param detail what was wrong
   */
  public InvalidContinuationException(Reason reason, String table, String queryId, String detail) {
    super(
        Rule.WK309,
        "cursor",
        "continuation token refused ("
            + reason
            + ") for query "
            + queryId
            + " of table "
            + table
            + ": "
            + detail
            + "; nothing was read. Start from the first page (PageRequest.ofSize(n)), or pass back"
            + " the page's nextPageRequest() unchanged");
    this.reason = reason;
  }

  /**
   * A position refused by a merged read ({@link dev.widekey.runtime.merge.MergedScan#openAfter}),
   * which knows its tables but not the query that reads them.
   *
   * @param reason why
   * @param table the table (or tables) of the merge's sources concerned
   * @param detail what was wrong
   */
  public InvalidContinuationException(Reason reason, String table, String detail) {
    super(
        Rule.WK309,
        "cursor",
        "continuation position refused ("
            + reason
            + ") for a merged read of table "
            + table
            + ": "
            + detail
            + "; nothing was read. Resume a merge only after a position its own cursor returned"
            + " (MergeCursor.position()), over the same sources");
    this.reason = reason;
  }

  /** Why the token was refused. */
  public Reason reason() {
    return reason;
  }
}
