package query;

import jakarta.data.repository.DataRepository;
import jakarta.data.repository.Repository;
import java.util.stream.Stream;

/** A query interface that redeclares Object's methods, as interfaces may, to document them. */
@Repository
public interface DocumentedTxns extends DataRepository<Txn, String> {
  Stream<Txn> findByCardId(String cardId);

  /** Names the store the queries read. */
  @Override
  String toString();

  @Override
  boolean equals(Object other);

  @Override
  int hashCode();
}
