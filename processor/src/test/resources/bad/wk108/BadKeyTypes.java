package bad.wk108;

import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;
import java.math.BigDecimal;
import java.util.List;

@WideTable(name = "scores")
public record BadKeyTypes(
    @PartitionKey double score,
    @KeyColumn(order = 0) BigDecimal amount,
    @KeyColumn(order = 1) List<String> tags,
    @KeyColumn(order = 2) boolean active,
    String note) {}
