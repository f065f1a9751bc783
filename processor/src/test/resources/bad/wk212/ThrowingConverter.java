package bad.wk212;

import dev.widekey.annotations.Convert;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;
import dev.widekey.runtime.value.AttributeConverter;

@WideTable(name = "throwing_converters")
public record ThrowingConverter(
    @PartitionKey @KeyChars("a-z") String id,
    @Convert(ThrowingConverter.Loading.class) String note) {

  /** Its constructor declares a checked exception, which a constant's initializer cannot throw. */
  public static class Loading implements AttributeConverter<String, String> {
    public Loading() throws java.io.IOException {}

    @Override
    public String toStored(String value) {
      return value;
    }

    @Override
    public String fromStored(String stored) {
      return stored;
    }
  }
}
