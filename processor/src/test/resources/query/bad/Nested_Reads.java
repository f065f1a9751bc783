package query.bad;

import jakarta.data.repository.DataRepository;
import jakarta.data.repository.Repository;
import java.util.stream.Stream;
import query.Txn;

/** A top-level interface whose implementation would be Nested_Reads_, as Nested.Reads's is. */
@Repository
public interface Nested_Reads extends DataRepository<Txn, String> {
  Stream<Txn> findByCardId(String cardId);
}
