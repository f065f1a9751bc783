package bad.wk100;

import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;
import good.Status;

/**
 * Generic, and refers to Status, which another annotation processor generates in the first round:
 * compiled alone, Status is missing too.
 */
@WideTable(name = "generic_accounts")
public record GenericUsesGeneratedType<T>(
    @PartitionKey Status status,
    @KeyColumn long accountId,
    String owner) {}
