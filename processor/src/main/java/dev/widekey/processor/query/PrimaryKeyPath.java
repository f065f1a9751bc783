package dev.widekey.processor.query;

import dev.widekey.processor.generate.RangeShape;
import dev.widekey.processor.model.EntityModel;
import dev.widekey.processor.model.KeyComponent;
import dev.widekey.processor.model.KeyLayout;
import dev.widekey.processor.model.ValueKind;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The entity's primary key as an {@link AccessPath}: its reads are the generated repository's
 * {@code get} and {@code scanBy...} methods, one per {@link RangeShape} of its {@link KeyLayout}.
 */
final class PrimaryKeyPath implements AccessPath {
  private final EntityModel entity;
  private final KeyLayout layout;
  private final List<RangeShape> shapes;

  PrimaryKeyPath(EntityModel entity, KeyLayout layout) {
    this.entity = entity;
    this.layout = layout;
    this.shapes = RangeShape.all(layout);
  }

  @Override
  public String description() {
    return "the primary key";
  }

  @Override
  public List<KeyComponent> components() {
    return entity.keyComponents();
  }

  @Override
  public Optional<Read> equality(List<KeyComponent> fixed) {
    if (fixed.equals(components())) {
      return Optional.of(new Read(null, this));
    }
    return shapes.stream()
        .filter(s -> s.between() == null && s.fixed().equals(fixed))
        .findFirst()
        .map(s -> new Read(s, this));
  }

  @Override
  public Optional<Read> range(List<KeyComponent> fixed, KeyComponent between) {
    return shapes.stream()
        .filter(s -> Objects.equals(s.between(), between) && s.fixed().equals(fixed))
        .findFirst()
        .map(s -> new Read(s, this));
  }

  @Override
  public Optional<String> unordered(KeyComponent c) {
    if (layout.hashPrefix() != null && entity.partitionKey().contains(c)) {
      return Optional.of(
          c.name()
              + " is in a hash-prefixed partition key, whose stored order is the digest's, not the"
              + " values'");
    }
    if (c.reversed()) {
      return Optional.of(
          c.name() + " is @Reversed: its stored text is the value's digits backward");
    }
    if (c.equals(layout.bucketed()) && !RangeShape.orderedByText(c)) {
      return Optional.of(
          c.name()
              + " is @Bucketed and its key text does not sort as its values, so the buckets"
              + " cannot be merged in order");
    }
    if (c.kind() == ValueKind.ENUM) {
      return Optional.of(c.name() + " is an enum, stored by name: names do not sort as the values");
    }
    if (entity.partitionKey().contains(c) && !c.equals(layout.bucketed())) {
      return Optional.of(
          c.name()
              + " is in the partition key: a range over it reads across partitions, and"
              + " widekey reads one partition-key value at a time");
    }
    return Optional.empty();
  }

  @Override
  public Optional<String> unscannable(List<KeyComponent> fixed) {
    int shortest = layout.shortestScannablePrefix();
    if (layout.hashPrefix() != null
        && fixed.size() < entity.partitionKey().size()
        && fixed.size() < shortest) {
      List<KeyComponent> needed =
          entity.partitionKey().subList(0, Math.min(shortest, entity.partitionKey().size()));
      return Optional.of(
          "the hash prefix digests "
              + String.join(", ", needed.stream().map(KeyComponent::name).toList())
              + ", so a read must fix "
              + (needed.size() == 1 ? "it" : "them all")
              + " to know where the rows are");
    }
    return Optional.empty();
  }
}
