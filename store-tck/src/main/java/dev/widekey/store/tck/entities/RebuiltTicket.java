package dev.widekey.store.tck.entities;

import dev.widekey.annotations.ColdColumn;
import dev.widekey.annotations.Index;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Profile;
import dev.widekey.annotations.WideTable;

/**
 * A ticket whose index by queue is added after tickets were stored: the index build contract's
 * entity. Its first version is this one without the {@code @Index}; the contract stores tickets,
 * takes their index rows away as that version left them, and builds the index while writers of this
 * version race the build.
 */
@WideTable(name = "tck_rebuilt_tickets", profile = Profile.HBASE)
@Index(
    name = "by_queue",
    columns = {"queue"})
public record RebuiltTicket(
    @PartitionKey @KeyChars("a-z0-9") @MaxLength(16) String id,
    @KeyChars("a-z") @MaxLength(16) String queue,
    long writeId,
    @ColdColumn String body) {}
