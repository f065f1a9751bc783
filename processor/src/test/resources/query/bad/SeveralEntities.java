package query.bad;

import jakarta.data.repository.Repository;
import java.util.stream.Stream;
import query.Reading;
import query.Txn;

/** A query interface over two tables. */
@Repository
public interface SeveralEntities {
  Stream<Txn> findByCardId(String cardId);

  Stream<Reading> findByTimestamp(long timestamp);
}
