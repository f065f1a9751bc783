package query;

import jakarta.data.repository.DataRepository;
import jakarta.data.repository.Repository;
import java.util.List;
import java.util.stream.Stream;

/** Queries by method name over properties that end in a capital before And. */
@Repository
public interface Badges extends DataRepository<Badge, String> {
  Stream<Badge> findByTenantIDAndK(String tenantID, String k);

  List<Badge> findByTenantIDAndKAndNBetween(String tenantID, String k, long from, long to);

  long countByTenantIDAndKAndNGreaterThan(String tenantID, String k, long n);
}
