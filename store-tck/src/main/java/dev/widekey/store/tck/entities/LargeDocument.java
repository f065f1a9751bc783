package dev.widekey.store.tck.entities;

import dev.widekey.annotations.Chunked;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

/**
 * A body that may exceed the 2 MB attribute limit: stored in chunk rows of gen_documents_chunks,
 * named by the reference column wk_body_chunks.
 */
@WideTable(name = "gen_documents")
public record LargeDocument(
    @PartitionKey @KeyChars("a-z0-9-") @MaxLength(36) String id,
    @Chunked String body,
    String title) {}
