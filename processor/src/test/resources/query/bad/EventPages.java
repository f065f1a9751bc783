package query.bad;

import jakarta.data.page.CursoredPage;
import jakarta.data.page.PageRequest;
import jakarta.data.repository.Repository;
import java.time.Instant;
import query.Event;

/** A page through the index of a time-sharded entity: not generated yet. */
@Repository
public interface EventPages {
  CursoredPage<Event> findByKind(String kind, Instant since, Instant until, PageRequest request);
}
