package query;

import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

/** A card's transactions: partition key cardId, then sellerId, deviceId, orderNumber. */
@WideTable(name = "txns")
public record Txn(
    @PartitionKey @KeyChars("0-9A-Z") @MaxLength(16) String cardId,
    @KeyColumn(order = 0) @KeyChars("a-z0-9") @MaxLength(16) String sellerId,
    @KeyColumn(order = 1) long deviceId,
    @KeyColumn(order = 2) long orderNumber,
    long cents,
    String channel) {}
