package good;

import dev.widekey.annotations.NotSequential;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Version;
import dev.widekey.annotations.WideTable;

/** A versioned class built by its all-arguments constructor: a put returns a copy. */
@WideTable(name = "versioned_entries")
public final class VersionedEntry {
  @NotSequential(reason = "ids are assigned at random, many are written at the same time") @PartitionKey private final long entryId;
  private final long amount;
  @Version public final long version;

  public VersionedEntry(long entryId, long amount, long version) {
    this.entryId = entryId;
    this.amount = amount;
    this.version = version;
  }

  public long entryId() {
    return entryId;
  }

  public long amount() {
    return amount;
  }
}
