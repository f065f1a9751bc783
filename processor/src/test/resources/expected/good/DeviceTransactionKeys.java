package good;

import dev.widekey.runtime.key.InvalidKeyException;
import dev.widekey.runtime.key.KeyAlphabet;
import dev.widekey.runtime.key.KeyParts;
import dev.widekey.runtime.key.KeyRanges;
import dev.widekey.runtime.key.KeyText;
import dev.widekey.runtime.key.Padding;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.ScanRange;
import java.util.List;
import javax.annotation.processing.Generated;

/**
 * Primary-key codec of {@link DeviceTransaction}: table {@code device_transactions}, columns {@code deviceId_sellerId_cardId} STRING, {@code orderNumber} INTEGER.
 */
@Generated("dev.widekey.processor.WidekeyProcessor")
public final class DeviceTransactionKeys {
  /**
   * The number of primary-key columns.
   */
  public static final int COLUMNS = 2;

  /**
   * Joins the partition-key components; sorts below all their characters.
   */
  public static final char DELIMITER = ',';

  private static final KeyAlphabet SELLER_ID_CHARS = KeyAlphabet.parse("a-z0-9");

  private static final KeyAlphabet CARD_ID_CHARS = KeyAlphabet.parse("0-9A-Z");

  private DeviceTransactionKeys() {
  }

  /**
   * The primary key of an entity.
   *
   * @throws InvalidKeyException if a key value breaks a rule
   */
  public static PrimaryKey primaryKey(DeviceTransaction entity) {
    return primaryKey(entity.deviceId(), entity.sellerId(), entity.cardId(), entity.orderNumber());
  }

  /**
   * The primary key of these key values.
   *
   * @throws InvalidKeyException if a value breaks a rule
   */
  public static PrimaryKey primaryKey(long deviceId, String sellerId, String cardId,
      long orderNumber) {
    return PrimaryKey.of(PkValue.ofString(partitionKey(deviceId, sellerId, cardId)), PkValue.ofInteger(orderNumber));
  }

  /**
   * The text of partition-key column {@code deviceId_sellerId_cardId}.
   */
  public static String partitionKey(long deviceId, String sellerId, String cardId) {
    String deviceIdPart = deviceIdText(deviceId);
    String sellerIdPart = sellerIdText(sellerId);
    String cardIdPart = cardIdText(cardId);
    return KeyText.join(DELIMITER, deviceIdPart, sellerIdPart, cardIdPart);
  }

  /**
   * Decodes a primary key written by {@link #primaryKey}.
   *
   * @throws InvalidKeyException if the key was not written by this codec
   */
  public static Key decode(PrimaryKey key) {
    KeyParts.requireShape(key, DeviceTransactionTable.PRIMARY_KEY);
    String stored = key.get(0).asString();
    String[] parts = KeyText.split("deviceId_sellerId_cardId", stored, DELIMITER, 3);
    Key decoded = new Key(Padding.decode("deviceId", parts[0], 6, false), parts[1], parts[2], key.get(1).asLong());
    KeyParts.requireCanonical(DeviceTransactionTable.PRIMARY_KEY, key, () -> primaryKey(decoded.deviceId(), decoded.sellerId(), decoded.cardId(), decoded.orderNumber()));
    return decoded;
  }

  /**
   * Rows whose partition key starts with these components (deviceId), in key order. The prefix ends with the delimiter, so a value never matches a longer one that starts with it.
   */
  public static ScanRange rangeByDeviceId(long deviceId) {
    String deviceIdPart = deviceIdText(deviceId);
    String prefix = KeyText.join(DELIMITER, deviceIdPart) + DELIMITER;
    return KeyRanges.textPrefix(prefix, COLUMNS);
  }

  /**
   * Rows whose partition key starts with these components (deviceId, sellerId), in key order. The prefix ends with the delimiter, so a value never matches a longer one that starts with it.
   */
  public static ScanRange rangeByDeviceIdAndSellerId(long deviceId, String sellerId) {
    String deviceIdPart = deviceIdText(deviceId);
    String sellerIdPart = sellerIdText(sellerId);
    String prefix = KeyText.join(DELIMITER, deviceIdPart, sellerIdPart) + DELIMITER;
    return KeyRanges.textPrefix(prefix, COLUMNS);
  }

  /**
   * Rows with these leading key values (deviceId, sellerId, cardId), in key order.
   */
  public static ScanRange rangeByDeviceIdAndSellerIdAndCardId(long deviceId, String sellerId,
      String cardId) {
    return KeyRanges.leading(List.of(PkValue.ofString(partitionKey(deviceId, sellerId, cardId))), COLUMNS);
  }

  /**
   * Rows with these leading key values (deviceId, sellerId, cardId) and orderNumber from {@code from} (inclusive) to {@code to} (exclusive), in key order.
   */
  public static ScanRange rangeByDeviceIdAndSellerIdAndCardIdAndOrderNumberBetween(long deviceId,
      String sellerId, String cardId, long from, long to) {
    PkValue fromValue = PkValue.ofInteger(from);
    PkValue toValue = PkValue.ofInteger(to);
    return KeyRanges.leadingThenBetween(List.of(PkValue.ofString(partitionKey(deviceId, sellerId, cardId))), fromValue, toValue, COLUMNS);
  }

  private static String deviceIdText(long deviceId) {
    return Padding.encode("deviceId", deviceId, 6, false);
  }

  private static String sellerIdText(String sellerId) {
    KeyText.requireNonNull("sellerId", sellerId);
    KeyText.requireWellFormed("sellerId", sellerId);
    KeyText.checkLength("sellerId", sellerId, 16);
    SELLER_ID_CHARS.check("sellerId", sellerId);
    return sellerId;
  }

  private static String cardIdText(String cardId) {
    KeyText.requireNonNull("cardId", cardId);
    KeyText.requireWellFormed("cardId", cardId);
    KeyText.checkLength("cardId", cardId, 16);
    CARD_ID_CHARS.check("cardId", cardId);
    return cardId;
  }

  /**
   * The key values of one DeviceTransaction row.
   */
  public record Key(long deviceId, String sellerId, String cardId, long orderNumber) {
  }
}
