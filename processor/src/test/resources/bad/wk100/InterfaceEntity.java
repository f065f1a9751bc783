package bad.wk100;

import dev.widekey.annotations.WideTable;

@WideTable(name = "things")
public interface InterfaceEntity {
  String id();
}
