package bad.wk306;

import dev.widekey.annotations.Index;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;
import java.time.Instant;

@WideTable(name = "orders")
@Index(name = "by_time", columns = {"placedAt"})
public record IndexSequentialLeading(
    @PartitionKey @KeyChars("0-9A-Z") @MaxLength(20) String customer,
    Instant placedAt) {}
