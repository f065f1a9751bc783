package bad.wk212;

import dev.widekey.annotations.ColdColumn;
import dev.widekey.annotations.HashPrefix;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Transient;
import dev.widekey.annotations.WideTable;

@WideTable(name = "transient_cold")
public record TransientCold(
    @PartitionKey @HashPrefix String id, @ColdColumn @Transient String body, String note) {}
