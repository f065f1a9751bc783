package dev.widekey.store.tck.entities;

import dev.widekey.annotations.ColdColumn;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

/**
 * The register of the split-entity history test ({@code ConcurrentHistoryContractTest}): every
 * column, hot or cold, carries the id of the write that stored it, so a read tells which write its
 * hot row and its cold row came from. A write without cold values ({@code coldId} and {@code
 * coldText} null) stores no cold row; its {@code hotText} says so.
 */
@WideTable(name = "history_split")
public record SplitRegister(
    @PartitionKey @KeyChars("a-z0-9") @MaxLength(16) String key,
    long hotId,
    String hotText,
    @ColdColumn Long coldId,
    @ColdColumn(compress = true) String coldText) {}
