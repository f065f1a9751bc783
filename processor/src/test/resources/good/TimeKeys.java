package good;

import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.Padded;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;

/**
 * Time types as key components: a LocalDate spliced into the partition key (its epoch day, padded
 * and signed so that days before 1970 sort first), and each other time type as a key column of its
 * own (epoch milliseconds). Attributes keep the offset and zone; keys keep the instant.
 */
@WideTable(name = "time_keys")
public record TimeKeys(
    @PartitionKey(order = 0) @KeyChars("a-z0-9") @MaxLength(16) String deviceId,
    @PartitionKey(order = 1) @Padded(width = 12, signed = true) LocalDate day,
    @KeyColumn(order = 0) LocalDateTime localAt,
    @KeyColumn(order = 1) OffsetDateTime offsetAt,
    @KeyColumn(order = 2) ZonedDateTime zonedAt,
    ZonedDateTime seenAt,
    LocalDate dueOn) {}
