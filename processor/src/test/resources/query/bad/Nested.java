package query.bad;

import jakarta.data.repository.DataRepository;
import jakarta.data.repository.Repository;
import java.util.stream.Stream;
import query.Txn;

/** Holds the query interface Nested.Reads, implemented as Nested_Reads_. */
public class Nested {
  @Repository
  public interface Reads extends DataRepository<Txn, String> {
    Stream<Txn> findByCardId(String cardId);
  }
}
