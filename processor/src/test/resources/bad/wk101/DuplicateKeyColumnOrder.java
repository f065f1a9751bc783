package bad.wk101;

import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

@WideTable(name = "readings")
public record DuplicateKeyColumnOrder(
    @PartitionKey String sensorId,
    @KeyColumn(order = 1) long day,
    @KeyColumn(order = 0) long year,
    @KeyColumn(
        order = 1)
    long minute,
    double celsius) {}
