package good;

import dev.widekey.annotations.NotSequential;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.Money;
import dev.widekey.annotations.Padded;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;
import java.math.BigDecimal;

/**
 * The seeds' spliced partition key: WK103 passes (the long is padded), WK105 passes (',' sorts
 * below digits and letters), WK109 passes (6 + 1 + 16 + 1 + 16 bytes).
 */
@WideTable(name = "device_transactions", delimiter = ',')
public record DeviceTransaction(
    @PartitionKey(order = 0) @Padded(width = 6)
        @NotSequential(reason = "many devices write at the same time") long deviceId,
    @PartitionKey(order = 1) @KeyChars("a-z0-9") @MaxLength(16) String sellerId,
    @PartitionKey(order = 2) @KeyChars("0-9A-Z") @MaxLength(16) String cardId,
    @KeyColumn(order = 0) long orderNumber,
    @Money(scale = 2) BigDecimal amount) {}
