package dev.widekey.spring.app;

import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

/** A plain entity: the index registers {@code CustomerRepository}. */
@WideTable(name = "customers")
public record Customer(
    @PartitionKey @KeyChars("a-z0-9") @MaxLength(32) String customerId, String name) {}
