package dev.widekey.runtime.query;

import dev.widekey.runtime.store.OrderedKeyBytes;
import dev.widekey.runtime.store.ScanRange;
import jakarta.data.page.CursoredPage;
import jakarta.data.page.PageRequest;
import jakarta.data.page.impl.CursoredPageRecord;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.AbstractList;
import java.util.List;
import java.util.Optional;
import java.util.function.IntFunction;

/**
 * The parts of cursor paging every widekey query shares: what a {@link PageRequest} asks for, the
 * parameters a token is bound to, and the {@link CursoredPage} handed back. Repositories ({@code
 * SplitTableRepository.page}, {@code pageBuckets}, {@code TimeShardedRepository.page}) build on it;
 * so can other generated queries.
 *
 * <p>Served: the first page ({@code PageRequest.ofSize(n)}, offset mode page 1) and the page after
 * a cursor ({@code afterCursor}, what {@code nextPageRequest()} returns). Refused with {@link
 * UnsupportedPageRequestException}: offset pages beyond the first (each would be a scan from the
 * start) and {@code beforeCursor} (read the {@code ...Descending} twin instead). Totals are not
 * computed ({@code hasTotals()} is false, whatever {@code requestTotal()} says): a total is a
 * count, and a count is a scan of the whole range ({@code count...} methods).
 *
 * <pre>{@code
 * String token = Pages.token(request, "readings", "pageBySensorId"); // null: the first page
 * }</pre>
 */
public final class Pages {
  private Pages() {}

  /**
   * The continuation token of {@code request}, or null for a first page.
   *
   * @throws UnsupportedPageRequestException for an offset page beyond the first, or a page before a
   *     cursor
   * @throws InvalidContinuationException for a cursor that is not one token string (MALFORMED)
   */
  public static String token(PageRequest request, String table, String queryId) {
    switch (request.mode()) {
      case OFFSET -> {
        if (request.page() != 1) {
          throw new UnsupportedPageRequestException(
              "page "
                  + request.page()
                  + " by offset of query "
                  + queryId
                  + " of table "
                  + table
                  + ": an offset page of a wide table is a scan from the start on every request;"
                  + " read the first page (PageRequest.ofSize(n)) and follow"
                  + " page.nextPageRequest(), whose cursor resumes where the page ended");
        }
        return null;
      }
      case CURSOR_PREVIOUS ->
          throw new UnsupportedPageRequestException(
              "a page before a cursor (beforeCursor) of query "
                  + queryId
                  + " of table "
                  + table
                  + " is not served; page the query's ...Descending twin for the other direction");
      default -> {
        Optional<PageRequest.Cursor> cursor = request.cursor();
        if (cursor.isEmpty()
            || cursor.get().size() != 1
            || !(cursor.get().get(0) instanceof String token)) {
          throw new InvalidContinuationException(
              InvalidContinuationException.Reason.MALFORMED,
              table,
              queryId,
              "a widekey cursor is one token string (PageRequest.Cursor.forKey(token))");
        }
        return token;
      }
    }
  }

  /**
   * The parameters a token of a query over {@code ranges} is bound to: each range's encoded bounds
   * (in order), the direction and {@code extra} (a time window, say).
   */
  public static byte[] parameters(List<ScanRange> ranges, boolean descending, byte[] extra) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.writeInt(ranges.size());
      for (ScanRange r : ranges) {
        byte[] start = OrderedKeyBytes.encode(r.start());
        byte[] end = OrderedKeyBytes.encode(r.end());
        out.writeInt(start.length);
        out.write(start);
        out.writeInt(end.length);
        out.write(end);
      }
      out.writeBoolean(descending);
      out.writeInt(extra.length);
      out.write(extra);
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a byte array stream does not fail
    }
    return bytes.toByteArray();
  }

  /**
   * A page of {@code content}, each row's cursor the token {@code tokenOf.apply(i)} (computed when
   * asked); {@code hasNext} gives it a {@code nextPageRequest()} after its last row.
   */
  public static <E> CursoredPage<E> of(
      List<E> content, IntFunction<String> tokenOf, PageRequest request, boolean hasNext) {
    List<PageRequest.Cursor> cursors =
        new AbstractList<>() {
          @Override
          public PageRequest.Cursor get(int index) {
            return new PageCursor(tokenOf.apply(index));
          }

          @Override
          public int size() {
            return content.size();
          }
        };
    long number = request.mode() == PageRequest.Mode.OFFSET ? 1 : request.page();
    PageRequest next =
        hasNext && !content.isEmpty()
            ? PageRequest.afterCursor(
                cursors.get(content.size() - 1), number + 1, request.size(), false)
            : null;
    return new CursoredPageRecord<>(List.copyOf(content), cursors, -1, request, next, null);
  }
}
