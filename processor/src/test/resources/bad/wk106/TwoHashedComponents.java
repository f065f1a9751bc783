package bad.wk106;

import dev.widekey.annotations.HashPrefix;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.Padded;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Sequential;
import dev.widekey.annotations.WideTable;

@WideTable(name = "orders")
public record TwoHashedComponents(
    @PartitionKey(order = 0) @Sequential @Padded(width = 10) @HashPrefix(length = 4) long orderNumber,
    @PartitionKey(order = 1) @KeyChars("A-Z") @MaxLength(3)
    @HashPrefix(length = 2)
    String shop,
    String cardId) {}
