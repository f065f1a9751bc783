package good;

import dev.widekey.annotations.HashPrefix;
import dev.widekey.annotations.Index;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.NotSequential;
import dev.widekey.annotations.Padded;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;
import java.time.Instant;

@WideTable(name = "indexed_orders")
@Index(name = "by_card", columns = {"cardId", "placedAt"})
@Index(name = "by_time", columns = {"placedAt"}, hashPrefix = @HashPrefix(length = 4))
@Index(name = "by_amount", columns = {"cardId", "amount"})
@Index(
    name = "by_note",
    columns = {"amount", "note"},
    notSequential = @NotSequential(reason = "amounts are written in no order"))
public record IndexedOrder(
    @PartitionKey @KeyChars("0-9A-Z") @MaxLength(20) String customer,
    @KeyChars("0-9A-Z") @MaxLength(16) String cardId,
    Instant placedAt,
    @Padded(width = 10) long amount,
    String note) {}
