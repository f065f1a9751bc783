package query.bad;

import jakarta.data.page.CursoredPage;
import jakarta.data.page.PageRequest;
import jakarta.data.repository.Repository;
import query.Incident;

/** A page through a service-maintained index: not generated. */
@Repository
public interface IncidentPages {
  CursoredPage<Incident> findByTeam(String team, PageRequest request);
}
