package bad.wk100;

import dev.widekey.annotations.NotSequential;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

abstract class Audited {
  public String createdBy;
  protected transient long cachedHash;
  static int instances;
}

@WideTable(name = "notes")
public class InheritedField extends Audited {
  @NotSequential(reason = "ids are assigned at random, many are written at the same time") @PartitionKey public long id;
  public String text;
}
