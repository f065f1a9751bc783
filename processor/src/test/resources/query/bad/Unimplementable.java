package query.bad;

import jakarta.data.repository.DataRepository;
import jakarta.data.repository.Repository;
import java.util.stream.Stream;
import query.Txn;

/** Query interfaces the generated Unimplementable_... classes beside them could not implement. */
public class Unimplementable {
  @Repository
  private interface Hidden extends DataRepository<Txn, String> {
    Stream<Txn> findByCardId(String cardId);
  }

  private static class Private {
    @Repository
    public interface Enclosed extends DataRepository<Txn, String> {
      Stream<Txn> findByCardId(String cardId);
    }
  }

  @Repository
  public interface Generic<T> extends DataRepository<Txn, String> {
    Stream<Txn> findByCardId(String cardId);
  }

  @Repository
  public sealed interface Sealed extends DataRepository<Txn, String> permits Permitted {
    Stream<Txn> findByCardId(String cardId);
  }

  public non-sealed interface Permitted extends Sealed {}
}
