package bad.wk306;

import dev.widekey.annotations.*;
import java.time.Instant;

@WideTable(name = "orders", profile = Profile.LINDORM)
@Index(name = "by_digest", columns = {"digest"})
public record IndexBinaryOnLindorm(
    @PartitionKey @KeyChars("0-9A-Z") @MaxLength(20) String customer,
    byte[] digest) {}
