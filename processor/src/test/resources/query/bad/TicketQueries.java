package query.bad;

import jakarta.data.repository.Repository;
import java.util.stream.Stream;
import query.Ticket;

/** A read by an indexed attribute: the index serves it, the query interface does not yet. */
@Repository
public interface TicketQueries {
  Stream<Ticket> findByAssignee(String assignee);
  Stream<Ticket> findById(long id);
}
