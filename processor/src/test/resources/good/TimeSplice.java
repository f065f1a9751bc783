package good;

import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.Padded;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;

/** The millisecond time types spliced into a string partition key, padded and signed. */
@WideTable(name = "time_splice")
public record TimeSplice(
    @PartitionKey(order = 0) @KeyChars("a-z") @MaxLength(8) String site,
    @PartitionKey(order = 1) @Padded(width = 19, signed = true) LocalDateTime localAt,
    @PartitionKey(order = 2) @Padded(width = 19, signed = true) OffsetDateTime offsetAt,
    @PartitionKey(order = 3) @Padded(width = 19, signed = true) ZonedDateTime zonedAt,
    String note) {}
