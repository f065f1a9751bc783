package dev.widekey.store.tck.entities;

import dev.widekey.annotations.ColdColumn;
import dev.widekey.annotations.Index;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Profile;
import dev.widekey.annotations.WideTable;

/**
 * A ticket indexed by its queue, with a cold body: the index consistency contract's entity. Every
 * write stores its write id, so a read through the index names the write it returned.
 */
@WideTable(name = "tck_tickets", profile = Profile.HBASE)
@Index(
    name = "by_queue",
    columns = {"queue"})
public record IndexedTicket(
    @PartitionKey @KeyChars("a-z0-9") @MaxLength(16) String id,
    @KeyChars("a-z") @MaxLength(16) String queue,
    long writeId,
    @ColdColumn String body) {}
