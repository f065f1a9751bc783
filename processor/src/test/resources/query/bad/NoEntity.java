package query.bad;

import jakarta.data.repository.Repository;

/** A query interface that says nothing of the table it reads. */
@Repository
public interface NoEntity {
  long countByName(String name);
}
