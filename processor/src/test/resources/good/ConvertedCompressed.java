package good;

import dev.widekey.annotations.ColdColumn;
import dev.widekey.annotations.Convert;
import dev.widekey.annotations.HashPrefix;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;
import dev.widekey.runtime.value.AttributeConverter;
import java.util.List;

/** Compression applies to the converter's stored text. */
@WideTable(name = "converted_compressed")
public record ConvertedCompressed(
    @PartitionKey @HashPrefix String id,
    String title,
    @ColdColumn(compress = true) @Convert(ConvertedCompressed.LinesConverter.class)
        List<String> lines) {

  public static final class LinesConverter implements AttributeConverter<List<String>, String> {
    @Override
    public String toStored(List<String> lines) {
      return String.join("\n", lines);
    }

    @Override
    public List<String> fromStored(String stored) {
      return List.of(stored.split("\n"));
    }
  }
}
