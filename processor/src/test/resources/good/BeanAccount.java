package good;

import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.Money;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;
import java.math.BigDecimal;

/** A class entity built with its no-argument constructor and setters (and one public field). */
@WideTable(name = "accounts")
public class BeanAccount {
  @PartitionKey @KeyChars("a-z0-9") @MaxLength(20)
  private String accountId;
  @Money(scale = 2)
  private BigDecimal balance;
  private boolean frozen;
  public String owner;
  private static int instances;
  private transient String cachedLabel;

  public BeanAccount() {
    instances++;
  }

  public String getAccountId() {
    return accountId;
  }

  public void setAccountId(String accountId) {
    this.accountId = accountId;
  }

  public BigDecimal getBalance() {
    return balance;
  }

  public void setBalance(BigDecimal balance) {
    this.balance = balance;
  }

  public boolean isFrozen() {
    return frozen;
  }

  public void setFrozen(boolean frozen) {
    this.frozen = frozen;
  }

  public String label() {
    if (cachedLabel == null) {
      cachedLabel = accountId + "/" + owner + "/" + instances;
    }
    return cachedLabel;
  }
}
