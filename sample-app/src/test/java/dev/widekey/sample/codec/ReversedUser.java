package dev.widekey.sample.codec;

import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Reversed;
import dev.widekey.annotations.Sequential;
import dev.widekey.annotations.WideTable;

/** Lindorm's alternative to a hash prefix: an incrementing id stored reversed. */
@WideTable(name = "reversed_users")
public class ReversedUser {
  @PartitionKey @Sequential @Reversed private long userId;
  @KeyColumn private byte[] device;
  private String name;

  public ReversedUser() {}

  public long getUserId() {
    return userId;
  }

  public void setUserId(long userId) {
    this.userId = userId;
  }

  public byte[] getDevice() {
    return device;
  }

  public void setDevice(byte[] device) {
    this.device = device;
  }

  public String getName() {
    return name;
  }

  public void setName(String name) {
    this.name = name;
  }
}
