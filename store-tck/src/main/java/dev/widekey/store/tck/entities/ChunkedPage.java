package dev.widekey.store.tck.entities;

import dev.widekey.annotations.Chunked;
import dev.widekey.annotations.ColdColumn;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

/**
 * A hot body and a cold history, each of which may pass the 2 MB attribute limit, both stored in
 * chunk rows; the history is capped at 8 MiB.
 */
@WideTable(name = "gen_pages")
public record ChunkedPage(
    @PartitionKey @KeyChars("a-z0-9-") @MaxLength(36) String id,
    @Chunked String body,
    @ColdColumn @Chunked(maxBytes = 8L << 20) String history) {}
