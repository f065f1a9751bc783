package bad.wk102;

import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.NotSequential;
import dev.widekey.annotations.Padded;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

/** The opt-out where it means nothing: after the leading component, on a key column, on a value. */
@WideTable(name = "card_payments")
public record NotSequentialMisuse(
    @PartitionKey(order = 0) @KeyChars("0-9A-Z") @MaxLength(16) String cardId,
    @PartitionKey(order = 1) @Padded(width = 6) @NotSequential(reason = "many shops") long shopId,
    @KeyColumn @NotSequential(reason = "payments of one card come one by one") long paymentNumber,
    @NotSequential(reason = "a value") long amountCents) {}
