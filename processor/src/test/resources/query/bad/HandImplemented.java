package query.bad;

import jakarta.data.repository.DataRepository;
import jakarta.data.repository.Repository;
import java.util.stream.Stream;
import query.Txn;

/** A query interface beside a hand-written class named like its implementation. */
@Repository
public interface HandImplemented extends DataRepository<Txn, String> {
  Stream<Txn> findByCardId(String cardId);
}
