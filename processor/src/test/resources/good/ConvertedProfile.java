package good;

import dev.widekey.annotations.ColumnNaming;
import dev.widekey.annotations.Convert;
import dev.widekey.annotations.HashPrefix;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Transient;
import dev.widekey.annotations.TruncatedToMillis;
import dev.widekey.annotations.WideTable;
import dev.widekey.runtime.value.AttributeConverter;
import java.time.Instant;
import java.util.List;

@WideTable(name = "profiles", columnNaming = ColumnNaming.SNAKE_CASE)
public record ConvertedProfile(
    @PartitionKey @HashPrefix String userId,
    @KeyColumn @TruncatedToMillis Instant seenAt,
    String displayName,
    @Convert(ConvertedProfile.TagsConverter.class) List<String> tags,
    @Convert(ConvertedProfile.CentsConverter.class) Cents balance,
    @Transient String view,
    @Transient int hits) {

  public record Cents(long value) {}

  public static final class TagsConverter implements AttributeConverter<List<String>, String> {
    @Override
    public String toStored(List<String> tags) {
      return String.join(",", tags);
    }

    @Override
    public List<String> fromStored(String text) {
      return text.isEmpty() ? List.of() : List.of(text.split(","));
    }
  }

  public static final class CentsConverter implements AttributeConverter<Cents, Long> {
    @Override
    public Long toStored(Cents cents) {
      return cents.value();
    }

    @Override
    public Cents fromStored(Long stored) {
      return new Cents(stored);
    }
  }
}
