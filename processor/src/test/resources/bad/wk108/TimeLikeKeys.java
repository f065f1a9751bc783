package bad.wk108;

import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Profile;
import dev.widekey.annotations.WideTable;
import java.time.LocalTime;
import java.time.OffsetTime;
import java.util.Date;

/** Times of day and legacy dates are no key types: each has its own reason. */
@WideTable(name = "time_like_keys", profile = Profile.HBASE)
public record TimeLikeKeys(
    @PartitionKey String shop,
    @KeyColumn(order = 0) LocalTime opening,
    @KeyColumn(order = 1) Date issued,
    @KeyColumn(order = 2) OffsetTime closing,
    String note) {}
