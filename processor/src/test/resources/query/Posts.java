package query;

import jakarta.data.repository.Repository;
import java.util.List;

/** Ranges over a descending key column: key order is greatest first. */
@Repository
public interface Posts {
  List<Post> findByAuthorAndAtBetween(String author, long from, long to);

  List<Post> findByAuthorAndAtBetweenOrderByAtAsc(String author, long from, long to);

  List<Post> findByAuthorAndAtGreaterThan(String author, long at);

  List<Post> findByAuthorAndAtLessThanEqual(String author, long at);

  List<Post> findByAuthorOrderByAtDesc(String author);
}
