package good;

import dev.widekey.annotations.NotSequential;
import dev.widekey.annotations.ColdColumn;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.Padded;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

/** Key components and attributes named like the locals and parameters of generated code. */
@WideTable(name = "name_clashes")
public record NameClashes(
    @NotSequential(reason = "ids are assigned at random, many are written at the same time") @PartitionKey(order = 0) @Padded(width = 4) long stored,
    @PartitionKey(order = 1) @KeyChars("a-z") @MaxLength(8) String parts,
    @PartitionKey(order = 2) @KeyChars("a-z") @MaxLength(8) String prefix,
    @KeyColumn(order = 0) long from,
    @KeyColumn(order = 1) long to,
    String key,
    String row,
    String entity,
    String store,
    String columns,
    Long k,
    String hot,
    @ColdColumn String cold) {}
