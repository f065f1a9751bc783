package bad.wk113;

import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.Padded;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Profile;
import dev.widekey.annotations.WideTable;
import java.util.UUID;

@WideTable(name = "bad_descending", profile = Profile.HBASE)
public record BadDescending(
    @PartitionKey @KeyChars("a-z") @MaxLength(16) String tenant,
    @KeyColumn(order = 0, descending = true) @KeyChars("a-z") @MaxLength(16) String name,
    @KeyColumn(order = 1, descending = true) UUID id,
    @KeyColumn(order = 2, descending = true) @Padded(width = 10) long padded,
    @KeyColumn(order = 3, descending = true) byte[] digest,
    String note) {}
