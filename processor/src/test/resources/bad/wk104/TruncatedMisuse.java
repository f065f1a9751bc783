package bad.wk104;

import dev.widekey.annotations.HashPrefix;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.TruncatedToMillis;
import dev.widekey.annotations.WideTable;
import java.time.Instant;
import java.time.LocalDate;

@WideTable(name = "truncated_misuse")
public record TruncatedMisuse(
    @PartitionKey @HashPrefix String id,
    @KeyColumn @TruncatedToMillis LocalDate day,
    @TruncatedToMillis Instant updatedAt) {}
