package bad.wk104;

import dev.widekey.annotations.Index;
import dev.widekey.annotations.NotSequential;
import dev.widekey.annotations.Padded;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.WideTable;
import java.time.Instant;
import java.time.LocalDate;

// epoch milliseconds have 13 digits today, epoch days 5: each width below refuses every
// present-day value; the index column is checked as a key column is
@WideTable(name = "readings")
@Index(
    name = "by_taken",
    columns = {"taken"},
    notSequential = @NotSequential(reason = "written by many devices at once"))
public record PaddedTimesTooNarrow(
    @PartitionKey(order = 0) @Padded(width = 6) @NotSequential(reason = "many devices") long deviceId,
    @PartitionKey(order = 1)
    @Padded(width = 4)
    LocalDate day,
    @KeyColumn @Padded(width = 13) Instant at,
    @Padded(width = 12)
    Instant taken,
    long value) {}
