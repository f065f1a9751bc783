package bad.wk100;

import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

@WideTable(name = "accounts")
public class NoGetter {
  @PartitionKey private String id;
  private String secret;
  private long pin;
  private String nickname;

  public NoGetter() {}

  public String getId() {
    return id;
  }

  public void setId(String id) {
    this.id = id;
  }

  // not a getter: private, so generated code cannot call it either
  private long getPin() {
    return pin;
  }

  // not a getter for 'nickname': wrong return type
  public Object getNickname() {
    return nickname;
  }

  public void setSecret(String secret) {
    this.secret = secret;
  }

  public void setPin(long pin) {
    this.pin = pin + getPin();
  }

  public void setNickname(String nickname) {
    this.nickname = nickname;
  }
}
