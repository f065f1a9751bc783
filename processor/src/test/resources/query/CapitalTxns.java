package query;

import jakarta.data.Limit;
import jakarta.data.page.CursoredPage;
import jakarta.data.page.PageRequest;
import jakarta.data.repository.DataRepository;
import jakarta.data.repository.Repository;
import java.util.List;
import java.util.stream.Stream;

/**
 * Parameters named like the types and packages the implementation names in expressions (Bounds,
 * Math, KeyText, List, java): an overriding method may rename them, so they hide nothing.
 */
@Repository
public interface CapitalTxns extends DataRepository<Txn, String> {
  long countByCardIdAndSellerIdBetween(String Math, String Bounds, String List);

  int countByCardIdAndSellerIdAndDeviceId(String java, String Bounds, Long KeyText);

  List<Txn> findByCardIdAndSellerIdAndDeviceIdGreaterThan(
      String Stream, String Bounds, long Math, Limit Limit);

  CursoredPage<Txn> findByCardIdAndSellerIdOrderByDeviceId(
      String List, String Bounds, PageRequest PageRequest);

  Stream<Txn> findByCardIdAndSellerIdAndDeviceIdAndOrderNumber(
      String dev, String javax, long Math, Long KeyText);
}
