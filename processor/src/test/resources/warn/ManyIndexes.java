package warn;

import dev.widekey.annotations.*;
import java.time.Instant;

@WideTable(name = "many_index_orders")
@Index(name = "by_a", columns = {"a"})
@Index(name = "by_b", columns = {"b"})
@Index(name = "by_c", columns = {"c"})
@Index(name = "by_d", columns = {"d"})
@Index(name = "by_e", columns = {"e"})
public record ManyIndexes(
    @PartitionKey @KeyChars("0-9A-Z") @MaxLength(20) String customer,
    @KeyChars("0-9A-Z") @MaxLength(16) String a,
    @KeyChars("0-9A-Z") @MaxLength(16) String b,
    @KeyChars("0-9A-Z") @MaxLength(16) String c,
    @KeyChars("0-9A-Z") @MaxLength(16) String d,
    @KeyChars("0-9A-Z") @MaxLength(16) String e) {}
