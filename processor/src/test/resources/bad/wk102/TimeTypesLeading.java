package bad.wk102;

import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.Padded;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;
import java.time.LocalDate;
import java.time.ZonedDateTime;

@WideTable(name = "daily_totals")
record DailyTotals(
    @PartitionKey LocalDate day,
    long total) {}

@WideTable(name = "bookings")
public record TimeTypesLeading(
    @PartitionKey(order = 0) @Padded(width = 19, signed = true) ZonedDateTime bookedAt,
    @PartitionKey(order = 1) @KeyChars("a-z") @MaxLength(8) String room,
    String guest) {}
