package dev.widekey.sample.codec;

import dev.widekey.annotations.HashAlgorithm;
import dev.widekey.annotations.HashPrefix;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.Padded;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;
import java.time.Instant;
import java.util.UUID;

/** A hash prefix over the first component only, so prefix scans by that component still work. */
@WideTable(name = "hashed_events")
public record HashedEvent(
    @PartitionKey(order = 0)
        @HashPrefix(length = 6, algorithm = HashAlgorithm.SHA256)
        @Padded(width = 10)
        long tenant,
    @PartitionKey(order = 1) @KeyChars("a-zA-Z0-9_") @MaxLength(20) String stream,
    @KeyColumn(order = 0) Instant at,
    @KeyColumn(order = 1) UUID eventId,
    @KeyColumn(order = 2) Kind kind,
    int payloadSize) {

  public enum Kind {
    CREATED,
    UPDATED,
    DELETED
  }
}
