package good;

import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Profile;
import dev.widekey.annotations.WideTable;
import java.time.Instant;

/** Lindorm DESC key columns: the newest reading and the highest sequence sort first. */
@WideTable(name = "newest_readings", profile = Profile.LINDORM)
public record NewestReading(
    @PartitionKey @KeyChars("a-z0-9") @MaxLength(16) String sensor,
    @KeyColumn(order = 0, descending = true) Instant at,
    @KeyColumn(order = 1, descending = true) int seq,
    long value) {}
