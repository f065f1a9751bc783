package good;

import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.Padded;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;
import java.util.UUID;

/**
 * WK105 passes: ',' (U+002C) sorts below the '-' (U+002D) of signed padding and of UUID text,
 * and below every character of the enum's names.
 */
@WideTable(name = "adjustments")
public record SignedSplice(
    @PartitionKey(order = 0) @KeyChars("a-z_") @MaxLength(20) String ledger,
    @PartitionKey(order = 1) @Padded(width = 8, signed = true) long delta,
    @PartitionKey(order = 2) UUID batch,
    @PartitionKey(order = 3) Kind kind,
    String comment) {

  public enum Kind { CREDIT, DEBIT }
}
