package query;

import jakarta.data.repository.DataRepository;
import jakarta.data.repository.Repository;
import java.util.List;

/** Reads through a service-maintained index: scans and counts, no pages. */
@Repository
public interface Incidents extends DataRepository<Incident, String> {
  List<Incident> findByTeam(String team);

  long countByTeam(String team);
}
