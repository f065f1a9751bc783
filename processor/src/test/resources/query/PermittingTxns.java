package query;

import jakarta.data.repository.DataRepository;
import jakarta.data.repository.Repository;
import java.util.stream.Stream;

/** A sealed query interface that permits its generated implementation. */
@Repository
public sealed interface PermittingTxns extends DataRepository<Txn, String> permits PermittingTxns_ {
  Stream<Txn> findByCardId(String cardId);
}
