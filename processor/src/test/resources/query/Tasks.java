package query;

import jakarta.data.Limit;
import jakarta.data.page.CursoredPage;
import jakarta.data.page.PageRequest;
import jakarta.data.repository.DataRepository;
import jakarta.data.repository.Find;
import jakarta.data.repository.OrderBy;
import jakarta.data.repository.Repository;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Stream;

/** Reads through the primary key and through index by_owner: bounds, pages, counts. */
@Repository
public interface Tasks extends DataRepository<Task, String> {
  // ---- through index by_owner (owner, due) ----
  Stream<Task> findByOwner(String owner);

  List<Task> findByOwnerOrderByDueDesc(String owner);

  @Find
  List<Task> byOwnerAndDue(String owner, Instant due);

  List<Task> findByOwnerAndDueBetween(String owner, Instant from, Instant to, Limit limit);

  List<Task> findByOwnerAndDueBetweenOrderByDueDesc(
      String owner, Instant from, Instant to, Limit limit);

  List<Task> findByOwnerAndDueGreaterThan(String owner, Instant after, Limit limit);

  List<Task> findByOwnerAndDueGreaterThanEqualOrderByDueDesc(
      String owner, Instant from, Limit limit);

  List<Task> findByOwnerAndDueLessThan(String owner, Instant before, Limit limit);

  List<Task> findByOwnerAndDueLessThanEqualOrderByDueDesc(String owner, Instant to, Limit limit);

  CursoredPage<Task> findByOwnerAndDueBetween(
      String owner, Instant from, Instant to, PageRequest request);

  CursoredPage<Task> findByOwnerAndDueBetweenOrderByDueDesc(
      String owner, Instant from, Instant to, PageRequest request);

  CursoredPage<Task> findByOwner(String owner, PageRequest request);

  long countByOwnerAndDueBetween(String owner, Instant from, Instant to);

  int countByOwner(String owner);

  boolean existsByOwnerAndDueGreaterThan(String owner, Instant after);

  Optional<Task> findFirstByOwnerOrderByDueDesc(String owner);

  // ---- through the primary key (project, number, ref) ----
  List<Task> findByProjectAndNumberBetween(String project, long from, long to);

  List<Task> findByProjectAndNumberGreaterThanOrderByNumberDesc(String project, long after);

  List<Task> findByProjectAndNumberLessThanEqual(String project, long to);

  Stream<Task> findByProjectAndNumberAndRefGreaterThanEqual(String project, long number, UUID ref);

  CursoredPage<Task> findByProject(String project, PageRequest request);

  CursoredPage<Task> findByProjectAndNumberBetweenOrderByNumberDesc(
      String project, long from, long to, PageRequest request);

  long countByProjectAndNumberGreaterThanEqual(String project, long from);

  boolean existsByProject(String project);

  Optional<Task> findByProjectAndNumberAndRef(String project, long number, UUID ref);
}
