package bad.wk212;

import dev.widekey.annotations.ColumnNaming;
import dev.widekey.annotations.HashPrefix;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

@WideTable(name = "column_clash", columnNaming = ColumnNaming.SNAKE_CASE)
public record ColumnClash(
    @PartitionKey @HashPrefix String account_id,
    String user_id,
    String userId,
    String accountId) {}
