package dev.widekey.sample;

import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.Money;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;
import java.math.BigDecimal;

/**
 * A student-card purchase, keyed the way the seeds recommend: the card id leads, so the purchases
 * of one card sit together and different cards spread over partitions; the sequential order number
 * comes last, where it only orders rows within a card.
 */
@WideTable(name = "card_transactions")
public record CardTransaction(
    @PartitionKey @KeyChars("0-9A-Z") @MaxLength(16) String cardId,
    @KeyColumn(order = 0) @KeyChars("a-z0-9") @MaxLength(16) String sellerId,
    @KeyColumn(order = 1) long deviceId,
    @KeyColumn(order = 2) long orderNumber,
    @Money(scale = 2) BigDecimal amount) {}
