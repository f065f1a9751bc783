package dev.widekey.store.tck.entities;

import dev.widekey.annotations.Index;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Profile;
import dev.widekey.annotations.WideTable;

/**
 * A ticket indexed by queue and rank: the index page tests' entity, whose index reads have a
 * leading shape (a queue) and a bounded one (a queue and a range of ranks).
 */
@WideTable(name = "tck_ranked_tickets", profile = Profile.HBASE)
@Index(
    name = "by_queue_rank",
    columns = {"queue", "rank"})
public record RankedTicket(
    @PartitionKey @KeyChars("a-z0-9") @MaxLength(12) String id,
    @KeyChars("a-z") @MaxLength(8) String queue,
    long rank,
    long writeId) {}
