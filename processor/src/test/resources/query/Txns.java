package query;

import jakarta.data.Limit;
import jakarta.data.page.CursoredPage;
import jakarta.data.page.PageRequest;
import jakarta.data.repository.By;
import jakarta.data.repository.DataRepository;
import jakarta.data.repository.Delete;
import jakarta.data.repository.Find;
import jakarta.data.repository.Insert;
import jakarta.data.repository.OrderBy;
import jakarta.data.repository.Repository;
import jakarta.data.repository.Save;
import jakarta.data.repository.Update;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/** Every supported query shape over Txn's primary key. */
@Repository
public interface Txns extends DataRepository<Txn, String> {
  @Find
  Stream<Txn> byCard(@By("cardId") String card);

  @Find
  List<Txn> bySeller(String cardId, String sellerId);

  @Find
  @OrderBy(value = "sellerId", descending = true)
  @OrderBy(value = "deviceId", descending = true)
  Stream<Txn> newestFirst(String cardId);

  Optional<Txn> findByCardIdAndSellerIdAndDeviceIdAndOrderNumber(
      String cardId, String sellerId, long deviceId, long orderNumber);

  Txn findBySellerIdAndCardIdAndOrderNumberAndDeviceId(
      String sellerId, String cardId, long orderNumber, long deviceId);

  Stream<Txn> findByCardId(String cardId);

  Stream<Txn> findByCardId(String cardId, Limit limit);

  List<Txn> findByCardIdAndSellerIdBetween(String cardId, String from, String to);

  List<Txn> findByCardIdAndSellerIdAndDeviceIdBetweenOrderByDeviceIdDesc(
      String cardId, String sellerId, long from, long to);

  List<Txn> findByCardIdAndSellerIdAndDeviceIdBetween(
      String cardId, String sellerId, long from, long to);

  Stream<Txn> findByCardIdAndSellerIdAndDeviceIdAndOrderNumberBetween(
      String cardId, String sellerId, long deviceId, long from, long to);

  Optional<Txn> findFirstByCardIdOrderBySellerIdDescDeviceIdDesc(String cardId);

  List<Txn> findFirst3ByCardIdOrderBySellerIdAscDeviceIdAsc(String cardId);

  List<Txn> findByCardIdAndSellerIdAndDeviceIdGreaterThan(
      String cardId, String sellerId, long deviceId);

  List<Txn> findByCardIdAndSellerIdAndDeviceIdGreaterThanEqual(
      String cardId, String sellerId, long deviceId);

  List<Txn> findByCardIdAndSellerIdAndDeviceIdLessThan(
      String cardId, String sellerId, long deviceId);

  List<Txn> findByCardIdAndSellerIdAndDeviceIdLessThanEqualOrderByDeviceIdDesc(
      String cardId, String sellerId, long deviceId);

  Txn findFirstByCardIdAndSellerIdBetweenOrderBySellerIdDesc(String cardId, String from, String to);

  long countByCardIdAndSellerIdBetween(String cardId, String from, String to);

  long countByCardId(String cardId);

  int countByCardIdAndSellerId(String cardId, String sellerId);

  boolean existsByCardId(String cardId);

  boolean existsByCardIdAndSellerIdAndDeviceIdAndOrderNumber(
      String cardId, String sellerId, long deviceId, long orderNumber);

  Stream<Txn> findByCardIdAndSellerIdGreaterThan(String cardId, String sellerId);

  Stream<Txn> findByCardIdAndSellerIdLessThanEqual(String cardId, String sellerId);

  CursoredPage<Txn> findByCardIdAndSellerIdOrderByDeviceId(
      String cardId, String sellerId, PageRequest page);

  @Insert
  Txn add(Txn txn);

  @Save
  void store(Txn txn);

  @Update
  Txn change(Txn txn);

  @Delete
  void remove(Txn txn);
}
