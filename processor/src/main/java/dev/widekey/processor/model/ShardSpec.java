package dev.widekey.processor.model;

import dev.widekey.annotations.ShardPeriod;
import dev.widekey.annotations.TimeSharded;
import java.util.Optional;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.TypeElement;

/**
 * An entity's {@code @TimeSharded} declaration, read from its type: the shard field (null if no
 * property has that name), its period, and the periods kept and created ahead.
 *
 * @param mirror the annotation, where entity-level diagnostics point
 * @param by the shard field's name as declared
 * @param property the shard field, or null if the entity has none of that name
 * @param keyComponent the key component it is, or null for an attribute
 */
public record ShardSpec(
    AnnotationMirror mirror,
    String by,
    ShardPeriod period,
    int retain,
    int ahead,
    Property property,
    KeyComponent keyComponent) {

  /** The types a shard field may have. */
  public static final Set<String> TIME_TYPES =
      Set.of(
          "java.time.Instant",
          "java.time.LocalDate",
          "java.time.LocalDateTime",
          "java.time.OffsetDateTime",
          "java.time.ZonedDateTime");

  /** The entity's declaration, if it is time-sharded. */
  public static Optional<ShardSpec> of(EntityModel entity) {
    TypeElement type = entity.type();
    TimeSharded sharded = type.getAnnotation(TimeSharded.class);
    if (sharded == null) {
      return Optional.empty();
    }
    AnnotationMirror mirror = null;
    for (AnnotationMirror m : type.getAnnotationMirrors()) {
      TypeElement t = (TypeElement) m.getAnnotationType().asElement();
      if (t.getQualifiedName().contentEquals(TimeSharded.class.getCanonicalName())) {
        mirror = m;
      }
    }
    Property property =
        entity.properties().stream()
            .filter(p -> p.name().equals(sharded.by()))
            .findFirst()
            .orElse(null);
    KeyComponent component =
        entity.keyComponents().stream()
            .filter(c -> c.name().equals(sharded.by()))
            .findFirst()
            .orElse(null);
    return Optional.of(
        new ShardSpec(
            mirror,
            sharded.by(),
            sharded.period(),
            sharded.retain(),
            sharded.ahead(),
            property,
            component));
  }

  /** Whether the shard field is one of the {@link #TIME_TYPES}. */
  public boolean isTimeType() {
    return property != null && TIME_TYPES.contains(property.type().toString());
  }

  /**
   * Tables of one period: the hot table, the cold one if the entity has cold columns, the chunk
   * table if it has {@code @Chunked} fields.
   */
  public static int tablesPerPeriod(EntityModel entity) {
    return 1
        + (entity.hasColdColumns() ? 1 : 0)
        + (entity.hasChunkedColumns() ? 1 : 0)
        + entity.indexes().size();
  }

  /**
   * The tables the entity holds at most: (retain + ahead) periods of its tables, plus the fence
   * table retention shares among every time-sharded entity of a store ({@code
   * TimeShardedRepository.FENCE_TABLE}), counted once per entity since each may be the only one on
   * its instance.
   */
  public long tables(EntityModel entity) {
    return ((long) retain + Math.max(0, ahead)) * tablesPerPeriod(entity) + FENCE_TABLES;
  }

  /** The fence table ({@code widekey_period_fences}): one per store, shared by its entities. */
  public static final int FENCE_TABLES = 1;
}
