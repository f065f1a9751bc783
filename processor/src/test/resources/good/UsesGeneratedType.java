package good;

import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.NotSequential;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

/** Refers to Status, which another annotation processor generates in the first round. */
@WideTable(name = "accounts_by_status")
public record UsesGeneratedType(
    @PartitionKey @NotSequential(reason = "a small index: reads list one status, writes are few")
    Status status,
    @KeyColumn long accountId,
    String owner) {}
