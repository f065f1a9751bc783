package good;

import dev.widekey.annotations.Chunked;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Profile;
import dev.widekey.annotations.WideTable;

/** WK202 passes: one put of an HBase row carries 64 MB, room for chunked values of both fields. */
@WideTable(name = "hbase_chunked_pairs", profile = Profile.HBASE)
public record HBaseChunkedPair(
    @PartitionKey @KeyChars("a-z0-9-") @MaxLength(36) String id,
    @Chunked String body,
    @Chunked byte[] attachment) {}
