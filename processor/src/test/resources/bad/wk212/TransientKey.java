package bad.wk212;

import dev.widekey.annotations.HashPrefix;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Transient;
import dev.widekey.annotations.WideTable;

@WideTable(name = "transient_keys")
public record TransientKey(
    @PartitionKey @HashPrefix String id,
    @KeyColumn @Transient String part,
    String note) {}
