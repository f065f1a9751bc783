package dev.widekey.sample.convert;

import dev.widekey.runtime.value.AttributeConverter;
import java.util.List;

/** {@link Tags} as one comma-joined String column. */
public final class TagsConverter implements AttributeConverter<Tags, String> {
  @Override
  public String toStored(Tags tags) {
    return String.join(",", tags.values());
  }

  @Override
  public Tags fromStored(String stored) {
    return new Tags(stored.isEmpty() ? List.of() : List.of(stored.split(",")));
  }
}
