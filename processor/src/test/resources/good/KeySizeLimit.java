package good;

import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

/** WK109 passes at exactly 1 KB: 1024 ASCII characters of 1 byte each. */
@WideTable(name = "urls")
public record KeySizeLimit(
    @PartitionKey @KeyChars("a-zA-Z0-9/._-") @MaxLength(1024) String url,
    int hits) {}
