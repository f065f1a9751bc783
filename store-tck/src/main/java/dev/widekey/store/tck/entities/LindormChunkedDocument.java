package dev.widekey.store.tck.entities;

import dev.widekey.annotations.Chunked;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Profile;
import dev.widekey.annotations.WideTable;

/**
 * Two chunked values in one row on the Lindorm profile, whose row holds 2 MB of values in all: each
 * value over the attribute limit is stored in chunk rows of its own, so both may pass 2 MB at once.
 * The attachment is capped at 8 MiB.
 */
@WideTable(name = "gen_lindorm_documents", profile = Profile.LINDORM)
public record LindormChunkedDocument(
    @PartitionKey @KeyChars("a-z0-9-") @MaxLength(36) String id,
    String title,
    @Chunked String body,
    @Chunked(maxBytes = 8L << 20) byte[] attachment) {}
