package dev.widekey.processor.model;

import dev.widekey.annotations.Profile;
import dev.widekey.core.store.ReservedNames;
import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.TypeElement;

/**
 * An entity as declared: everything the rules check and the generators write from, parsed once from
 * the {@code @WideTable} type. Immutable.
 *
 * @param type the annotated type
 * @param wideTable the {@code @WideTable} annotation, where entity-level diagnostics point
 * @param table the hot table name
 * @param coldTable the cold table name
 * @param delimiter the partition-key splice delimiter
 * @param profile the target service
 * @param ttlSeconds seconds a row lives after its last write, or -1 for never
 * @param typeHashPrefix {@code @HashPrefix} on the type, or null
 * @param properties every stored property, in declaration order
 * @param partitionKey partition-key components, by order
 * @param keyColumns key columns, by order
 * @param attributes non-key properties, in declaration order
 * @param construction how to build an entity
 * @param indexes the {@code @Index} declarations, in order
 * @param transients the {@code @Transient} components of a record, which are not stored but built
 *     with their type's default (a class's {@code @Transient} fields are no part of the model)
 */
public record EntityModel(
    TypeElement type,
    AnnotationMirror wideTable,
    String table,
    String coldTable,
    char delimiter,
    Profile profile,
    long ttlSeconds,
    HashPrefixSpec typeHashPrefix,
    List<Property> properties,
    List<KeyComponent> partitionKey,
    List<KeyComponent> keyColumns,
    List<Attribute> attributes,
    Construction construction,
    List<IndexModel> indexes,
    List<Property> transients) {

  public EntityModel {
    transients = List.copyOf(transients);
    properties = List.copyOf(properties);
    indexes = List.copyOf(indexes);
    partitionKey = List.copyOf(partitionKey);
    keyColumns = List.copyOf(keyColumns);
    attributes = List.copyOf(attributes);
  }

  /** An entity without indexes. */
  public EntityModel(
      TypeElement type,
      AnnotationMirror wideTable,
      String table,
      String coldTable,
      char delimiter,
      Profile profile,
      long ttlSeconds,
      HashPrefixSpec typeHashPrefix,
      List<Property> properties,
      List<KeyComponent> partitionKey,
      List<KeyComponent> keyColumns,
      List<Attribute> attributes,
      Construction construction) {
    this(
        type,
        wideTable,
        table,
        coldTable,
        delimiter,
        profile,
        ttlSeconds,
        typeHashPrefix,
        properties,
        partitionKey,
        keyColumns,
        attributes,
        construction,
        List.of(),
        List.of());
  }

  /** This entity with its indexes. */
  EntityModel withIndexes(List<IndexModel> indexes) {
    return new EntityModel(
        type,
        wideTable,
        table,
        coldTable,
        delimiter,
        profile,
        ttlSeconds,
        typeHashPrefix,
        properties,
        partitionKey,
        keyColumns,
        attributes,
        construction,
        indexes,
        transients);
  }

  /** This entity with the {@code @Transient} record components it builds with defaults. */
  EntityModel withTransients(List<Property> transients) {
    return new EntityModel(
        type,
        wideTable,
        table,
        coldTable,
        delimiter,
        profile,
        ttlSeconds,
        typeHashPrefix,
        properties,
        partitionKey,
        keyColumns,
        attributes,
        construction,
        indexes,
        transients);
  }

  /**
   * The arguments of the entity's constructor, in order: the stored properties, with a record's
   * {@code @Transient} components in their places (by record component order).
   */
  public List<Property> constructorProperties() {
    if (transients.isEmpty()) {
      return properties;
    }
    java.util.Map<String, Property> byName = new java.util.HashMap<>();
    properties.forEach(p -> byName.put(p.name(), p));
    transients.forEach(p -> byName.put(p.name(), p));
    List<Property> out = new java.util.ArrayList<>();
    for (var c : type.getRecordComponents()) {
      Property p = byName.get(c.getSimpleName().toString());
      if (p != null) {
        out.add(p);
      }
    }
    return List.copyOf(out);
  }

  /** Whether {@code p} is a {@code @Transient} record component, built with its default. */
  public boolean isTransient(Property p) {
    return transients.contains(p);
  }

  /** The index of this name, or null. */
  public IndexModel index(String name) {
    return indexes.stream().filter(i -> i.name().equals(name)).findFirst().orElse(null);
  }

  public String simpleName() {
    return type.getSimpleName().toString();
  }

  /** Whether several components are spliced into one string partition key. */
  public boolean isSpliced() {
    return partitionKey.size() > 1;
  }

  /** The hash prefix of the partition key, on the type or on a component; or null. */
  public HashPrefixSpec hashPrefix() {
    if (typeHashPrefix != null) {
      return typeHashPrefix;
    }
    for (KeyComponent c : partitionKey) {
      if (c.hashPrefix() != null) {
        return c.hashPrefix();
      }
    }
    return null;
  }

  /**
   * The leading partition-key component when it is {@code @Bucketed}, or null (a {@code @Bucketed}
   * elsewhere is a design error, and not a bucket).
   */
  public KeyComponent bucketed() {
    return partitionKey.isEmpty() || partitionKey.get(0).buckets() == 0
        ? null
        : partitionKey.get(0);
  }

  public boolean hasColdColumns() {
    return attributes.stream().anyMatch(Attribute::cold);
  }

  /** Whether a field is {@code @Chunked}: the entity then has a chunk table. */
  public boolean hasChunkedColumns() {
    return attributes.stream().anyMatch(Attribute::chunked);
  }

  /** The chunk table's name, derived from the hot table's ({@code orders_chunks}). */
  public String chunksTable() {
    return ReservedNames.chunkTable(table);
  }

  public List<Attribute> hotAttributes() {
    return attributes.stream().filter(a -> !a.cold()).toList();
  }

  public List<Attribute> coldAttributes() {
    return attributes.stream().filter(Attribute::cold).toList();
  }

  /** The {@code @Version} attribute (the first, if a design error gives more), or null. */
  public Attribute version() {
    return attributes.stream().filter(Attribute::version).findFirst().orElse(null);
  }

  /** All key components: partition key first, then key columns. */
  public List<KeyComponent> keyComponents() {
    java.util.List<KeyComponent> all = new java.util.ArrayList<>(partitionKey);
    all.addAll(keyColumns);
    return List.copyOf(all);
  }

  /**
   * How the type marks its field or record component {@code name} as not stored: {@code
   * "@Transient"}, {@code "transient"} (the Java modifier), or empty when it declares no such
   * unstored member. A name that misses a stored property only because it is unstored is said so,
   * not answered with the nearest stored name.
   */
  public java.util.Optional<String> unstoredMarker(String name) {
    for (var f : javax.lang.model.util.ElementFilter.fieldsIn(type.getEnclosedElements())) {
      if (!f.getSimpleName().contentEquals(name)
          || f.getModifiers().contains(javax.lang.model.element.Modifier.STATIC)) {
        continue;
      }
      if (WidekeyAnnotations.of(f).has(dev.widekey.annotations.Transient.class)) {
        return java.util.Optional.of("@Transient");
      }
      if (f.getModifiers().contains(javax.lang.model.element.Modifier.TRANSIENT)) {
        return java.util.Optional.of("transient");
      }
    }
    // a record component's annotation is also on its field, but read the components too
    return transients.stream().anyMatch(p -> p.name().equals(name))
        ? java.util.Optional.of("@Transient")
        : java.util.Optional.empty();
  }

  /**
   * The stored property whose name is closest to {@code name} (edit distance, ignoring case; the
   * first of equals in declaration order), if one is within {@code maxDistance}: what a diagnostic
   * about an unknown property suggests.
   */
  public java.util.Optional<String> closestProperty(String name, int maxDistance) {
    org.apache.commons.text.similarity.LevenshteinDistance distance =
        org.apache.commons.text.similarity.LevenshteinDistance.getDefaultInstance();
    String wanted = name.toLowerCase(java.util.Locale.ROOT);
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (Property p : properties) {
      int d = distance.apply(p.name().toLowerCase(java.util.Locale.ROOT), wanted);
      if (d < bestDistance) {
        best = p.name();
        bestDistance = d;
      }
    }
    return bestDistance <= maxDistance
        ? java.util.Optional.ofNullable(best)
        : java.util.Optional.empty();
  }
}
