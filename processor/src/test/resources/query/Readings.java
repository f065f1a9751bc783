package query;

import jakarta.data.page.CursoredPage;
import jakarta.data.page.PageRequest;
import jakarta.data.repository.Repository;
import java.util.List;
import java.util.stream.Stream;

/** Inclusive ranges over a bucketed time: one scan per bucket, merged; the entity from returns. */
@Repository
public interface Readings {
  Stream<Reading> findByTimestampBetween(long from, long to);

  List<Reading> findByTimestampBetweenOrderByTimestampDesc(long from, long to);

  Stream<Reading> findByTimestamp(long timestamp);

  CursoredPage<Reading> findByTimestampGreaterThanEqualOrderByTimestampDesc(
      long from, PageRequest request);

  long countByTimestampBetween(long from, long to);
}
