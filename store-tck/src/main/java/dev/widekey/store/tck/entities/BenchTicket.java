package dev.widekey.store.tck.entities;

import dev.widekey.annotations.Index;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Profile;
import dev.widekey.annotations.WideTable;

/** The index benchmark's entity, indexed by queue ({@code IndexBenchmark}). */
@WideTable(name = "bench_tickets", profile = Profile.HBASE)
@Index(
    name = "by_queue",
    columns = {"queue"})
public record BenchTicket(
    @PartitionKey @KeyChars("a-z0-9") @MaxLength(16) String grp,
    @KeyColumn long n,
    @KeyChars("a-z0-9") @MaxLength(16) String queue,
    long writeId) {}
