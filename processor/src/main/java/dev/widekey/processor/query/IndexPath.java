package dev.widekey.processor.query;

import dev.widekey.processor.generate.IndexReads;
import dev.widekey.processor.generate.RangeShape;
import dev.widekey.processor.model.EntityModel;
import dev.widekey.processor.model.IndexModel;
import dev.widekey.processor.model.KeyComponent;
import dev.widekey.processor.model.KeyLayout;
import dev.widekey.processor.model.ValueKind;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * An {@code @Index} table as an {@link AccessPath}: its components are the indexed ones, its reads
 * the generated {@code FooRepository.ByCardIndex} view's {@code scanBy...}, {@code pageBy...},
 * {@code countBy...} and {@code existsBy...} methods, one per {@link RangeShape} that {@link
 * IndexReads#shapes} gives (the index layout with the trailing reference column, so a read may fix
 * every indexed column). An index is not unique: it has no point read, so a query fixing the whole
 * index key is a scan of the entities sharing those values, in primary-key order.
 */
final class IndexPath implements AccessPath {
  private final IndexModel index;
  private final KeyLayout layout;
  private final List<RangeShape> shapes;

  IndexPath(EntityModel entity, IndexModel index) {
    this.index = index;
    this.layout = index.layout();
    this.shapes = IndexReads.shapes(entity, index);
  }

  @Override
  public String description() {
    return "index '"
        + index.name()
        + "' ("
        + String.join(", ", components().stream().map(KeyComponent::name).toList())
        + ")";
  }

  @Override
  public IndexModel index() {
    return index;
  }

  /** {@code byCard}: the generated repository's accessor of this index's view. */
  String accessor() {
    return IndexReads.accessor(index);
  }

  @Override
  public List<KeyComponent> components() {
    return index.components();
  }

  @Override
  public Optional<Read> equality(List<KeyComponent> fixed) {
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
    boolean partition = layout.partition().components().contains(c);
    if (layout.hashPrefix() != null && partition) {
      return Optional.of(
          c.name()
              + " leads index '"
              + index.name()
              + "', whose hash prefix makes its stored order the digest's, not the values'");
    }
    if (c.kind() == ValueKind.ENUM) {
      return Optional.of(c.name() + " is an enum, stored by name: names do not sort as the values");
    }
    if (partition && !c.equals(layout.bucketed())) {
      return Optional.of(
          c.name()
              + " is the partition key of index '"
              + index.name()
              + "': a range over it reads across partitions, and widekey reads one partition-key"
              + " value at a time");
    }
    return Optional.empty();
  }

  @Override
  public Optional<String> unscannable(List<KeyComponent> fixed) {
    if (layout.hashPrefix() != null && fixed.isEmpty()) {
      return Optional.of(
          "index '"
              + index.name()
              + "' is hash-prefixed, so a read must fix "
              + components().get(0).name()
              + " to know where the rows are");
    }
    return Optional.empty();
  }
}
