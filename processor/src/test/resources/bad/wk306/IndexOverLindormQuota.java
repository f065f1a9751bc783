package bad.wk306;

import dev.widekey.annotations.*;
import java.time.Instant;

@WideTable(name = "orders", profile = Profile.LINDORM)
@Index(name = "by_a", columns = {"a"})
@Index(name = "by_b", columns = {"b"})
@Index(name = "by_c", columns = {"c"})
@Index(name = "by_d", columns = {"d"})
@Index(name = "by_e", columns = {"e"})
@Index(name = "by_f", columns = {"f"})
public record IndexOverLindormQuota(
    @PartitionKey @KeyChars("0-9A-Z") @MaxLength(20) String customer,
    @KeyChars("0-9A-Z") @MaxLength(16) String a,
    @KeyChars("0-9A-Z") @MaxLength(16) String b,
    @KeyChars("0-9A-Z") @MaxLength(16) String c,
    @KeyChars("0-9A-Z") @MaxLength(16) String d,
    @KeyChars("0-9A-Z") @MaxLength(16) String e,
    @KeyChars("0-9A-Z") @MaxLength(16) String f) {}
