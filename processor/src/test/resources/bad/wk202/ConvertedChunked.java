package bad.wk202;

import dev.widekey.annotations.Chunked;
import dev.widekey.annotations.Convert;
import dev.widekey.annotations.HashPrefix;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;
import dev.widekey.runtime.value.AttributeConverter;
import java.util.List;

/** @Chunked splits the field's own text or bytes, not a converter's stored form. */
@WideTable(name = "converted_chunked")
public record ConvertedChunked(
    @PartitionKey @HashPrefix String id,
    @Chunked @Convert(ConvertedChunked.TagsConverter.class) List<String> chunkedTags) {

  public static final class TagsConverter implements AttributeConverter<List<String>, String> {
    @Override
    public String toStored(List<String> tags) {
      return String.join(",", tags);
    }

    @Override
    public List<String> fromStored(String stored) {
      return List.of(stored.split(","));
    }
  }
}
