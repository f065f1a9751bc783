package query.bad;

import jakarta.data.Limit;
import jakarta.data.page.CursoredPage;
import jakarta.data.page.PageRequest;
import jakarta.data.repository.DataRepository;
import jakarta.data.repository.Repository;
import java.util.List;
import query.Txn;

/** Limits a query cannot mean: none, too many for an int, or stated twice. */
@Repository
public interface LimitMistakes extends DataRepository<Txn, String> {
  List<Txn> findFirst0ByCardId(String cardId);

  List<Txn> findFirst99999999999ByCardId(String cardId);

  List<Txn> findByCardId(String cardId, Limit limit, Limit another);

  CursoredPage<Txn> findByCardIdAndSellerIdOrderByDeviceId(
      String cardId, String sellerId, PageRequest page, PageRequest another);
}
