package dev.widekey.runtime.query;

import jakarta.data.page.PageRequest;
import java.util.List;
import java.util.Objects;

/**
 * The cursor of a row of a widekey page: one opaque, URL-safe string, the signed continuation token
 * ({@link ContinuationToken}). {@link #elements()} is that one string, so a cursor that travelled
 * through a browser comes back as {@code PageRequest.Cursor.forKey(token)} and is accepted as well.
 *
 * <pre>{@code
 * String token = (String) page.nextPageRequest().cursor().orElseThrow().get(0); // to the client
 * PageRequest next = PageRequest.afterCursor(PageRequest.Cursor.forKey(token), 2, 20, false);
 * }</pre>
 *
 * @param token the signed continuation token
 */
public record PageCursor(String token) implements PageRequest.Cursor {
  public PageCursor {
    Objects.requireNonNull(token, "token");
  }

  @Override
  public Object get(int index) {
    if (index != 0) {
      throw new IndexOutOfBoundsException(index);
    }
    return token;
  }

  @Override
  public int size() {
    return 1;
  }

  @Override
  public List<?> elements() {
    return List.of(token);
  }

  /** The token alone: a cursor is shown as what it carries. */
  @Override
  public String toString() {
    return token;
  }
}
