package bad.many;

import dev.widekey.annotations.ColdColumn;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.Padded;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Sequential;
import dev.widekey.annotations.WideTable;
import java.math.BigDecimal;
import java.util.List;

/** One mistake of each rule family: every one is reported, none hides another. */
@WideTable(name = "orders")
public record ManyMistakes(
    @PartitionKey @Sequential long orderNumber,
    @KeyColumn @Padded(width = 25) long line,
    BigDecimal total,
    @ColdColumn long views,
    List<String> tags) {}
