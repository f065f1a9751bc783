package good;

import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

/** Refers to Status, which another annotation processor generates in the first round. */
@WideTable(name = "accounts_by_status")
public record UsesGeneratedType(
    @PartitionKey Status status,
    @KeyColumn long accountId,
    String owner) {}
