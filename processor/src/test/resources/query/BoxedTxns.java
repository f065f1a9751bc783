package query;

import jakarta.data.repository.DataRepository;
import jakarta.data.repository.Repository;
import java.util.List;
import java.util.Optional;

/** Queries taking boxed values for Txn's primitive key columns deviceId and orderNumber. */
@Repository
public interface BoxedTxns extends DataRepository<Txn, String> {
  List<Txn> findByCardIdAndSellerIdAndDeviceId(String cardId, String sellerId, Long deviceId);

  Optional<Txn> findByCardIdAndSellerIdAndDeviceIdAndOrderNumber(
      String cardId, String sellerId, Long deviceId, Long orderNumber);

  long countByCardIdAndSellerIdAndDeviceId(String cardId, String sellerId, Long deviceId);
}
