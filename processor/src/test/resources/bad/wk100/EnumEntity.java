package bad.wk100;

import dev.widekey.annotations.WideTable;

@WideTable(name = "things")
public enum EnumEntity {
  FIRST,
  SECOND;

  private final String label = name().toLowerCase(java.util.Locale.ROOT);

  public String label() {
    return label;
  }
}
