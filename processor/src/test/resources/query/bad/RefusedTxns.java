package query.bad;

import jakarta.data.Limit;
import jakarta.data.Sort;
import jakarta.data.page.CursoredPage;
import jakarta.data.page.Page;
import jakarta.data.page.PageRequest;
import jakarta.data.repository.By;
import jakarta.data.repository.DataRepository;
import jakarta.data.repository.Find;
import jakarta.data.repository.Insert;
import jakarta.data.repository.Query;
import jakarta.data.repository.Repository;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import query.Txn;

/** Every query over Txn that WK307 refuses, one a line. */
@Repository
public interface RefusedTxns extends DataRepository<Txn, String> {
  Stream<Txn> findBySellerId(String sellerId);
  Stream<Txn> findByCardIdAndDeviceId(String cardId, long deviceId);
  Stream<Txn> findByChannel(String channel);
  Stream<Txn> findByCardIdAndSellerIdBetweenAndDeviceId(String cardId, String from, String to, long deviceId);
  Stream<Txn> findByCardIdBetween(String from, String to);
  Stream<Txn> findByCardIdOrderByDeviceIdAsc(String cardId);
  Stream<Txn> findByCardIdOrderBySellerIdAscDeviceIdDesc(String cardId);
  Stream<Txn> findByCardID(String cardId);
  Stream<Txn> findByCardIdAndSelerId(String cardId, String sellerId);
  Stream<Txn> findByCardIdAndSellerIdAndDeviceId(String cardId, String sellerId, String deviceId);
  Stream<Txn> findByCardIdAndSellerId(String cardId);
  Txn findByCardIdAndSellerId(String cardId, String sellerId);
  Stream<Txn> findByCardIdAndDeviceIdBetween(String cardId, long from, long to);
  Optional<Txn> findByCardIdAndSellerIdAndDeviceIdOrderByOrderNumber(String cardId, String sellerId, long deviceId);
  String findByCardIdAndSellerIdAndDeviceIdAndOrderNumber(String cardId, String sellerId, long deviceId, long orderNumber);
  Stream<Txn> findByCardIdOrChannel(String cardId, String channel);
  Stream<Txn> findByCardIdNot(String cardId);
  Stream<Txn> findByCardIdIn(List<String> cardIds);
  Stream<Txn> findByChannelLike(String pattern);
  Stream<Txn> findByCardIdIgnoreCase(String cardId);
  Stream<Txn> findByChannelNull();
  @Query("where cardId = :cardId") Stream<Txn> jdql(String cardId);
  Page<Txn> findByCardIdOrderBySellerId(String cardId, PageRequest page);
  Stream<Txn> findByCardIdOrderByDeviceId(String cardId, Sort<Txn> sort);
  Stream<Txn> findByCardIdAndSellerIdOrderByDeviceId(String cardId, String sellerId, PageRequest page);
  CursoredPage<Txn> findByCardIdAndSellerIdOrderByOrderNumber(String cardId, String sellerId);
  CursoredPage<Txn> findFirst2ByCardIdAndSellerId(String cardId, String sellerId, PageRequest page);
  @Find CursoredPage<Txn> onePage(String cardId, String sellerId, long deviceId, long orderNumber, PageRequest page);
  @Find Stream<Txn> everything();
  @Find Stream<Txn> byDevice(long device);
  @Find Stream<Txn> bySeller(@By("selerId") String seller);
  List<Txn> findFirst2ByCardId(String cardId, Limit limit);
  long deleteByCardId(String cardId);
  @Insert void add(Txn a, Txn b);
  Stream<Txn> findByCardIdAndCardId(String cardId, String again);
  Stream<Txn> listByCardId(String cardId);
}
