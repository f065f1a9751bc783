package dev.widekey.sample.badinput;

import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

/** A multi-tenant document: tenant and folder spliced into the partition key. */
@WideTable(name = "tenant_docs")
public record TenantDoc(
    @PartitionKey(order = 0) @KeyChars("a-z") @MaxLength(32) String tenant,
    @PartitionKey(order = 1) @KeyChars("a-z") @MaxLength(32) String folder,
    @KeyColumn @KeyChars("a-z0-9_") @MaxLength(64) String doc,
    String body) {}
