package dev.widekey.store.tck.entities;

import dev.widekey.annotations.Chunked;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Profile;
import dev.widekey.annotations.WideTable;

/** {@link LargeDocument} on the HBase profile. */
@WideTable(name = "gen_documents_hbase", profile = Profile.HBASE)
public record LargeHBaseDocument(
    @PartitionKey @KeyChars("a-z0-9-") @MaxLength(36) String id,
    @Chunked String body,
    String title) {}
