package good;

import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;
import java.time.Instant;

/** No order stated anywhere: the key takes the declaration order, for a record and a class. */
@WideTable(name = "messages")
public record DeclarationOrder(
    @PartitionKey @KeyChars("a-z") @MaxLength(16) String tenant,
    @PartitionKey @KeyChars("a-z0-9") @MaxLength(16) String userId,
    String body,
    @KeyColumn Instant sentAt,
    @KeyColumn long sequence) {}
