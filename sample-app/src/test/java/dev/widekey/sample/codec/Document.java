package dev.widekey.sample.codec;

import dev.widekey.annotations.Chunked;
import dev.widekey.annotations.ColdColumn;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

/** Values over the 2 MB attribute limit: chunked in the hot table and in the cold table. */
@WideTable(name = "documents")
public record Document(
    @PartitionKey @KeyChars("a-z0-9-") @MaxLength(36) String id,
    @Chunked String body,
    @ColdColumn @Chunked byte[] scan,
    String title) {}
