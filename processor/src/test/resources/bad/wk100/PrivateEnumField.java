package bad.wk100;

import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

/**
 * Types the entity may name but the classes generated beside it may not: a private nested enum,
 * and an enum nested in a private class.
 */
@WideTable(name = "tickets")
public record PrivateEnumField(
    @PartitionKey @KeyChars("a-z0-9") String id, Level level, Hidden.Mode mode) {
  private enum Level {
    LOW,
    HIGH
  }

  private static final class Hidden {
    enum Mode {
      A,
      B
    }
  }
}
