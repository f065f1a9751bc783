package query;

import dev.widekey.annotations.Index;
import dev.widekey.annotations.IndexMaintenance;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

/** Incidents of a service, with a global secondary index Tablestore maintains by team. */
@WideTable(name = "query_incidents")
@Index(name = "by_team", columns = {"team"}, maintainedBy = IndexMaintenance.SERVICE_GLOBAL)
public record Incident(
    @PartitionKey @KeyChars("a-z") @MaxLength(12) String service,
    @KeyColumn @KeyChars("0-9") @MaxLength(8) String number,
    @KeyChars("a-z") @MaxLength(12) String team) {}
