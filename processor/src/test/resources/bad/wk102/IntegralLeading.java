package bad.wk102;

import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

/** The seeds' own bad design: an order number leads the key, and it keeps increasing. */
@WideTable(name = "orders")
public record IntegralLeading(
    @PartitionKey long orderNumber,
    String cardId) {}
