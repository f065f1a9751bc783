package bad.wk212;

import dev.widekey.annotations.Convert;
import dev.widekey.annotations.HashPrefix;
import dev.widekey.annotations.Money;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;
import dev.widekey.runtime.value.AttributeConverter;
import java.math.BigDecimal;
import java.util.List;

@WideTable(name = "converter_mistakes")
public record ConverterMistakes(
    @PartitionKey @HashPrefix @Convert(ConverterMistakes.TextConverter.class) String id,
    @Convert(ConverterMistakes.NotAConverter.class) List<String> plain,
    @Convert(ConverterMistakes.TextConverter.class) List<String> wrongType,
    @Convert(ConverterMistakes.IntConverter.class) String intStored,
    @Convert(ConverterMistakes.NeedsArgs.class) String needsArgs,
    @Money(scale = 2) @Convert(ConverterMistakes.DecimalConverter.class) BigDecimal total) {

  public static final class NotAConverter {}

  public static final class TextConverter implements AttributeConverter<String, String> {
    @Override
    public String toStored(String value) {
      return value;
    }

    @Override
    public String fromStored(String stored) {
      return stored;
    }
  }

  public static final class IntConverter implements AttributeConverter<String, Integer> {
    @Override
    public Integer toStored(String value) {
      return value.length();
    }

    @Override
    public String fromStored(Integer stored) {
      return "x".repeat(stored);
    }
  }

  public static final class NeedsArgs implements AttributeConverter<String, String> {
    public NeedsArgs(String prefix) {}

    @Override
    public String toStored(String value) {
      return value;
    }

    @Override
    public String fromStored(String stored) {
      return stored;
    }
  }

  public static final class DecimalConverter implements AttributeConverter<BigDecimal, String> {
    @Override
    public String toStored(BigDecimal value) {
      return value.toPlainString();
    }

    @Override
    public BigDecimal fromStored(String stored) {
      return new BigDecimal(stored);
    }
  }
}
