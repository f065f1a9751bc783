package query;

import jakarta.data.Limit;
import jakarta.data.page.CursoredPage;
import jakarta.data.page.PageRequest;
import jakarta.data.repository.DataRepository;
import jakarta.data.repository.Delete;
import jakarta.data.repository.Repository;
import jakarta.data.repository.Save;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;

/** Reads of a time-sharded entity: each ends with its window, since and until. */
@Repository
public interface Events extends DataRepository<Event, String> {
  Stream<Event> findByDeviceId(String deviceId, Instant since, Instant until);

  List<Event> findByDeviceIdOrderByAtDesc(String deviceId, Instant since, Instant until);

  List<Event> findByDeviceIdAndAtBetween(
      String deviceId, Instant from, Instant to, Instant since, Instant until);

  List<Event> findByDeviceIdAndAtGreaterThanOrderByAtDesc(
      String deviceId, Instant after, Instant since, Instant until, Limit limit);

  CursoredPage<Event> findByDeviceId(
      String deviceId, Instant since, Instant until, PageRequest request);

  CursoredPage<Event> findByDeviceIdAndAtLessThanEqualOrderByAtDesc(
      String deviceId, Instant to, Instant since, Instant until, PageRequest request);

  long countByDeviceIdAndAtBetween(
      String deviceId, Instant from, Instant to, Instant since, Instant until);

  boolean existsByDeviceId(String deviceId, Instant since, Instant until);

  // through index by_kind (kind, at)
  List<Event> findByKind(String kind, Instant since, Instant until);

  List<Event> findByKindAndAtBetweenOrderByAtDesc(
      String kind, Instant from, Instant to, Instant since, Instant until);

  long countByKind(String kind, Instant since, Instant until);

  @Save
  void save(Event event);

  @Delete
  void remove(Event event);
}
