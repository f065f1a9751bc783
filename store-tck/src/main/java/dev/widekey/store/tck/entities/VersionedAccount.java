package dev.widekey.store.tck.entities;

import dev.widekey.annotations.ColdColumn;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Version;
import dev.widekey.annotations.WideTable;

/**
 * A versioned account: every put checks and increments {@code version} on the hot row; the
 * statement lives in table gen_accounts_cold.
 */
@WideTable(name = "gen_accounts")
public record VersionedAccount(
    @PartitionKey @KeyChars("a-z0-9") @MaxLength(32) String accountId,
    long balanceCents,
    @Version long version,
    @ColdColumn String statement) {}
