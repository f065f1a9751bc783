package good;

import dev.widekey.annotations.HashAlgorithm;
import dev.widekey.annotations.HashPrefix;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Profile;
import dev.widekey.annotations.WideTable;

/** WK106 passes at the high bounds: 32 hex digits and 4096 partitions, on HBase. */
@WideTable(name = "documents", profile = Profile.HBASE)
public record LongHash(
    @PartitionKey @KeyChars("a-z0-9") @MaxLength(64)
    @HashPrefix(length = 32, algorithm = HashAlgorithm.SHA256, partitions = 4096) String path,
    String title) {}
