package query.bad;

import jakarta.data.page.CursoredPage;
import jakarta.data.page.PageRequest;
import jakarta.data.repository.Repository;
import java.time.Instant;
import java.util.Optional;
import java.util.stream.Stream;

/** Reads of period tables that name no window, or that are no scan over one. */
@Repository
public interface ShardedEvents {
  Stream<ShardedEvent> findByDeviceId(String deviceId);
  Stream<ShardedEvent> findByDeviceIdAndAt(String deviceId, Instant until, Instant since);
  Optional<ShardedEvent> findByDeviceIdAndAtAndSequence(String deviceId, Instant at, long sequence, Instant since, Instant until);
  CursoredPage<ShardedEvent> findBySequence(long sequence, Instant since, Instant until, PageRequest request);
}
