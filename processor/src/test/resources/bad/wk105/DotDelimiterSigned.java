package bad.wk105;

import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.Padded;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

@WideTable(name = "adjustments", delimiter = '.')
public record DotDelimiterSigned(
    @PartitionKey(order = 0) @KeyChars("a-z") @MaxLength(16) String ledger,
    @PartitionKey(order = 1)
    @Padded(width = 8, signed = true)
    long delta,
    String comment) {}
