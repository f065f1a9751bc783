package dev.widekey.store.tck.entities;

import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Profile;
import dev.widekey.annotations.WideTable;

/** The index benchmark's entity, the same fields without an index ({@code IndexBenchmark}). */
@WideTable(name = "bench_plain_tickets", profile = Profile.HBASE)
public record BenchPlainTicket(
    @PartitionKey @KeyChars("a-z0-9") @MaxLength(16) String grp,
    @KeyColumn long n,
    String queue,
    long writeId) {}
