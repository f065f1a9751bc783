package bad.wk105;

import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;
import java.util.UUID;

@WideTable(name = "sessions", delimiter = '.')
public record DotDelimiterUuid(
    @PartitionKey(order = 0) @KeyChars("a-z") @MaxLength(16) String app,
    @PartitionKey(order = 1)
    UUID sessionId,
    String token) {}
