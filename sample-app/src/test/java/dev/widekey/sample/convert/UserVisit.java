package dev.widekey.sample.convert;

import dev.widekey.annotations.ColumnNaming;
import dev.widekey.annotations.Convert;
import dev.widekey.annotations.HashPrefix;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Transient;
import dev.widekey.annotations.TruncatedToMillis;
import dev.widekey.annotations.WideTable;
import java.time.Instant;

/**
 * A visit keyed by user and time: {@code Instant.now()} as the time key (truncated to
 * milliseconds), snake_case attribute columns, a converted value class and a transient field.
 */
@WideTable(name = "user_visits", columnNaming = ColumnNaming.SNAKE_CASE)
public record UserVisit(
    @PartitionKey @HashPrefix String userId,
    @KeyColumn @TruncatedToMillis Instant visitedAt,
    String pageTitle,
    @Convert(TagsConverter.class) Tags pageTags,
    @Transient String renderedHtml) {}
