package query.bad;

import jakarta.data.repository.Repository;
import java.util.Optional;
import java.util.stream.Stream;
import query.Ticket;

/** Reads no access path serves: each refusal names the primary key's reason and the index's. */
@Repository
public interface TicketQueries {
  Optional<Ticket> findByAssignee(String assignee);
  Stream<Ticket> findById(long id);
  Stream<Ticket> findByAssigneeBetween(String from, String to);
}
