package dev.widekey.store.tck.entities;

import dev.widekey.annotations.Index;
import dev.widekey.annotations.IndexMaintenance;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

/**
 * A ticket of a tenant, indexed by the service: by its state within the tenant (a Tablestore local
 * index) and by its queue (a global one). The service-index repository contract's entity.
 */
@WideTable(name = "tck_svc_tickets")
@Index(
    name = "by_state",
    columns = {"tenant", "state"},
    maintainedBy = IndexMaintenance.SERVICE_LOCAL)
@Index(
    name = "by_queue",
    columns = {"queue"},
    maintainedBy = IndexMaintenance.SERVICE_GLOBAL)
public record ServiceIndexedTicket(
    @PartitionKey @KeyChars("a-z0-9") @MaxLength(16) String tenant,
    @KeyColumn @KeyChars("0-9") @MaxLength(12) String id,
    @KeyChars("a-z") @MaxLength(16) String state,
    @KeyChars("a-z") @MaxLength(16) String queue) {}
