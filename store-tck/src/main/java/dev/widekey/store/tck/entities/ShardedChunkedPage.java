package dev.widekey.store.tck.entities;

import dev.widekey.annotations.Bucketed;
import dev.widekey.annotations.Chunked;
import dev.widekey.annotations.ColdColumn;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.ShardPeriod;
import dev.widekey.annotations.TimeSharded;
import dev.widekey.annotations.WideTable;
import java.time.Instant;

/**
 * One set of tables per day of {@code at} (hot, cold, chunks: {@code gen_shard_pages_2026_11_30},
 * {@code gen_shard_pages_cold_2026_11_30}, {@code gen_shard_pages_chunks_2026_11_30}), with a
 * bucketed time key and a body that may pass the 2 MB attribute limit: a window read over several
 * days merges every bucket of every day table and reads each body from its own day's chunk table.
 */
@WideTable(name = "gen_shard_pages")
@TimeSharded(by = "at", period = ShardPeriod.DAY, retain = 3)
public record ShardedChunkedPage(
    @PartitionKey @Bucketed(buckets = 4) Instant at,
    @KeyColumn @KeyChars("a-z0-9") @MaxLength(16) String name,
    @Chunked String body,
    @ColdColumn String note) {}
