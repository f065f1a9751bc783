package dev.widekey.processor.model;

import java.util.List;
import java.util.stream.Collectors;

/** The name of a primary-key column: its component names joined by '_'. */
public final class ColumnNames {
  private ColumnNames() {}

  public static String of(List<KeyComponent> components) {
    return components.stream().map(KeyComponent::name).collect(Collectors.joining("_"));
  }
}
