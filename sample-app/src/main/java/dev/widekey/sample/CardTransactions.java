package dev.widekey.sample;

import jakarta.data.Limit;
import jakarta.data.repository.By;
import jakarta.data.repository.DataRepository;
import jakarta.data.repository.Find;
import jakarta.data.repository.OrderBy;
import jakarta.data.repository.Repository;
import jakarta.data.repository.Save;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The reads of a card's transactions, as a Jakarta Data query interface: the processor checks each
 * against the primary key (cardId, sellerId, deviceId, orderNumber; rule WK307) and generates
 * {@code CardTransactions_}, which reads through {@link CardTransactionRepository}.
 *
 * <pre>{@code
 * CardTransactions txns = new CardTransactions_(store);
 * List<CardTransaction> latest = txns.newest("C1", Limit.of(10));
 * }</pre>
 */
@Repository
public interface CardTransactions extends DataRepository<CardTransaction, String> {
  /** A card's transactions, in key order. */
  @Find
  Stream<CardTransaction> byCard(@By("cardId") String cardId);

  /** One transaction: the whole key. */
  Optional<CardTransaction> findByCardIdAndSellerIdAndDeviceIdAndOrderNumber(
      String cardId, String sellerId, long deviceId, long orderNumber);

  /** A card's transactions with one seller on devices {@code from} to {@code to}, inclusive. */
  List<CardTransaction> findByCardIdAndSellerIdAndDeviceIdBetween(
      String cardId, String sellerId, long from, long to);

  /** A card's transactions, greatest key first, at most {@code limit}. */
  @Find
  @OrderBy(value = "sellerId", descending = true)
  @OrderBy(value = "deviceId", descending = true)
  @OrderBy(value = "orderNumber", descending = true)
  List<CardTransaction> newest(String cardId, Limit limit);

  /** How many transactions a card has: a scan of its rows. */
  long countByCardId(String cardId);

  /** Whether a card has paid a seller. */
  boolean existsByCardIdAndSellerId(String cardId, String sellerId);

  /** Inserts or replaces a transaction. */
  @Save
  void save(CardTransaction transaction);
}
