package bad.wk102;

import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;
import java.time.Instant;

@WideTable(name = "logins")
public record InstantLeading(
    @PartitionKey
    Instant loggedInAt,
    String userId) {}
