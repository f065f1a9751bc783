package dev.widekey.runtime.query;

/**
 * A page request widekey does not serve: an offset page beyond the first (over a wide table, page
 * {@code n} by offset is a scan from the start past {@code (n - 1) * size} rows, on every request),
 * or a page before a cursor ({@code beforeCursor}). Nothing was read. Page with the cursors
 * instead: the first page is {@code PageRequest.ofSize(n)}, the next {@code
 * page.nextPageRequest()}; for the other direction call the query's {@code ...Descending} twin.
 *
 * <pre>{@code
 * CursoredPage<Reading> first = readings.pageBySensorId("s1", PageRequest.ofSize(20));
 * CursoredPage<Reading> second = readings.pageBySensorId("s1", first.nextPageRequest());
 * }</pre>
 */
public final class UnsupportedPageRequestException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  public UnsupportedPageRequestException(String message) {
    super(message);
  }
}
