package bad.wk306;

import dev.widekey.annotations.*;
import java.time.Instant;

@WideTable(name = "orders")
@Index(name = "by_scan", columns = {"scan"})
public record IndexChunkedColumn(
    @PartitionKey @KeyChars("0-9A-Z") @MaxLength(20) String customer,
    @Chunked String scan) {}
