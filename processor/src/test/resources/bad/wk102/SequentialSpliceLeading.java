package bad.wk102;

import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.Padded;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Sequential;
import dev.widekey.annotations.WideTable;

@WideTable(name = "shipments")
public record SequentialSpliceLeading(
    @PartitionKey(order = 0) @Sequential @Padded(width = 12)
    long shipmentNumber,
    @PartitionKey(order = 1) @KeyChars("A-Z") @MaxLength(3) String warehouse,
    String carrier) {}
