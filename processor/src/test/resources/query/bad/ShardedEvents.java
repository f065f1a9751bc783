package query.bad;

import jakarta.data.repository.Repository;
import java.util.stream.Stream;

/** Period tables: not generated yet. */
@Repository
public interface ShardedEvents {
  Stream<ShardedEvent> findByDeviceId(String deviceId);
}
