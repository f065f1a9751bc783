package dev.widekey.store.tck.entities;

import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.Padded;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;
import java.time.Instant;

/**
 * A key column of each kind a bound can fall outside of: a padded number (a STRING column of 3
 * digits, unsigned), a descending instant (an INTEGER column storing the complement of its epoch
 * milliseconds) and a text of a small alphabet and length. The bounds and pages tests read ranges
 * over each with bounds the column cannot hold.
 */
@WideTable(name = "gen_bounded_events")
public record BoundedEvent(
    @PartitionKey @KeyChars("a-z") @MaxLength(4) String stream,
    @KeyColumn @Padded(width = 3) long seq,
    @KeyColumn(descending = true) Instant at,
    @KeyColumn @KeyChars("a-z") @MaxLength(3) String tag,
    long value) {}
