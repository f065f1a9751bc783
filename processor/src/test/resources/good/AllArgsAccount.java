package good;

import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

/** A class entity with final fields, getters and a constructor taking every field in order. */
@WideTable(name = "ledger_entries")
public final class AllArgsAccount {
  @PartitionKey @KeyChars("a-z0-9") @MaxLength(20)
  private final String accountId;
  @KeyColumn
  private final long entryNumber;
  private final long amountCents;

  public AllArgsAccount(String accountId, long entryNumber, long amountCents) {
    this.accountId = accountId;
    this.entryNumber = entryNumber;
    this.amountCents = amountCents;
  }

  public String getAccountId() {
    return accountId;
  }

  public long getEntryNumber() {
    return entryNumber;
  }

  public long amountCents() {
    return amountCents;
  }
}
