package good;

import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

/** A class without orders: its fields' declaration order is the key order. */
@WideTable(name = "message_drafts")
public class DeclarationOrderClass {
  @PartitionKey @KeyChars("a-z") @MaxLength(16) public String tenant;
  public String body;
  @KeyColumn public long draftNumber;
  @KeyColumn @KeyChars("a-z") @MaxLength(8) public String author;
}
