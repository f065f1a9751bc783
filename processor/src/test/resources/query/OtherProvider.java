package query;

import jakarta.data.repository.Repository;
import java.util.stream.Stream;

/** Another provider's interface: widekey leaves it alone (so this one does not compile here). */
@Repository(provider = "Hibernate")
public interface OtherProvider {
  Stream<Txn> findBySellerId(String sellerId);
}
