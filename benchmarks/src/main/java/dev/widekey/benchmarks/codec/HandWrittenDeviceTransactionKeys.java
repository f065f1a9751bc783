package dev.widekey.benchmarks.codec;

import dev.widekey.core.Rule;
import dev.widekey.core.key.InvalidKeyException;
import dev.widekey.core.store.PkType;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;

/**
 * The {@link DeviceTransaction} key codec as a careful person writes it by hand: the limit the
 * generated {@code DeviceTransactionKeys} is measured against. It makes every check the generated
 * code makes: the device id fits its 6 digits and is not negative; each id is not null, at most 16
 * characters, every character in its alphabet (which also refuses any surrogate, so the text is
 * well-formed UTF-16 and has a strict UTF-8 form); on decode the key has the table's shape, exactly
 * three components, the device id exactly 6 ASCII digits, and each id passes the same checks as on
 * encode, so that only keys this codec writes decode (canonical decoding).
 */
public final class HandWrittenDeviceTransactionKeys {
  private static final int DEVICE_ID_WIDTH = 6;
  private static final int MAX_ID_LENGTH = 16;

  private HandWrittenDeviceTransactionKeys() {}

  /** The decoded key values. */
  public record Key(long deviceId, String sellerId, String cardId, long orderNumber) {}

  /** The primary key of an entity. */
  public static PrimaryKey primaryKey(DeviceTransaction entity) {
    return PrimaryKey.of(
        PkValue.ofString(partitionKey(entity.deviceId(), entity.sellerId(), entity.cardId())),
        PkValue.ofInteger(entity.orderNumber()));
  }

  /** The partition-key text: device id padded to 6 digits, seller id, card id, joined by ','. */
  public static String partitionKey(long deviceId, String sellerId, String cardId) {
    if (deviceId < 0 || deviceId > 999_999) {
      throw new InvalidKeyException(
          Rule.WK104, "deviceId", "value " + deviceId + " does not fit @Padded(width = 6)");
    }
    checkSellerId(sellerId);
    checkCardId(cardId);
    StringBuilder out =
        new StringBuilder(DEVICE_ID_WIDTH + 2 + sellerId.length() + cardId.length());
    long rest = deviceId;
    char[] digits = new char[DEVICE_ID_WIDTH];
    for (int i = DEVICE_ID_WIDTH - 1; i >= 0; i--) {
      digits[i] = (char) ('0' + rest % 10);
      rest /= 10;
    }
    return out.append(digits).append(',').append(sellerId).append(',').append(cardId).toString();
  }

  /** Decodes a key written by {@link #primaryKey}; refuses any other. */
  public static Key decode(PrimaryKey key) {
    if (key.size() != 2) {
      throw new InvalidKeyException(Rule.WK112, "deviceId_sellerId_cardId", "not 2 columns");
    }
    PkValue partition = key.get(0);
    PkValue order = key.get(1);
    if (partition.isInfinite()
        || partition.type() != PkType.STRING
        || order.isInfinite()
        || order.type() != PkType.INTEGER) {
      throw new InvalidKeyException(
          Rule.WK112, "deviceId_sellerId_cardId", "columns of the wrong type: " + key);
    }
    String text = partition.asString();
    int first = text.indexOf(',');
    int second = first < 0 ? -1 : text.indexOf(',', first + 1);
    if (second < 0 || text.indexOf(',', second + 1) >= 0) {
      throw new InvalidKeyException(Rule.WK105, "deviceId_sellerId_cardId", "not 3 parts: " + text);
    }
    if (first != DEVICE_ID_WIDTH) {
      throw new InvalidKeyException(Rule.WK104, "deviceId", "not 6 digits: " + text);
    }
    long deviceId = 0;
    for (int i = 0; i < DEVICE_ID_WIDTH; i++) {
      char c = text.charAt(i);
      if (c < '0' || c > '9') {
        throw new InvalidKeyException(Rule.WK104, "deviceId", "not 6 digits: " + text);
      }
      deviceId = deviceId * 10 + (c - '0');
    }
    String sellerId = checkSellerId(text.substring(first + 1, second));
    String cardId = checkCardId(text.substring(second + 1));
    return new Key(deviceId, sellerId, cardId, order.asLong());
  }

  private static String checkSellerId(String value) {
    checkId("sellerId", value);
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))) {
        throw outside("sellerId", value, i, "a-z0-9");
      }
    }
    return value;
  }

  private static String checkCardId(String value) {
    checkId("cardId", value);
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (!((c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z'))) {
        throw outside("cardId", value, i, "0-9A-Z");
      }
    }
    return value;
  }

  private static void checkId(String field, String value) {
    if (value == null) {
      throw new InvalidKeyException(Rule.WK111, field, "is null");
    }
    if (value.length() > MAX_ID_LENGTH) {
      throw new InvalidKeyException(Rule.WK109, field, "longer than 16: " + value);
    }
  }

  private static InvalidKeyException outside(String field, String value, int at, String chars) {
    return new InvalidKeyException(
        Rule.WK105, field, "character at " + at + " of " + value + " is outside " + chars);
  }
}
