package dev.widekey.processor.model;

import dev.widekey.annotations.HashPrefix;
import dev.widekey.annotations.Index;
import dev.widekey.annotations.Indexes;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.NotSequential;
import dev.widekey.annotations.Padded;
import dev.widekey.annotations.Sequential;
import java.lang.annotation.Annotation;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.TypeElement;

/**
 * Reads the {@code @Index} annotations of an entity into {@link IndexModel}s. Reports nothing: what
 * is wrong with an index (an unknown column, a repeated one, ...) is rule WK306's to report, from
 * the model.
 */
final class IndexParser {
  /** The field annotations that encode a value in an index key as they do in a primary key. */
  static final List<Class<? extends Annotation>> ENCODINGS =
      List.of(
          Padded.class,
          KeyChars.class,
          MaxLength.class,
          Sequential.class,
          dev.widekey.annotations.TruncatedToMillis.class);

  private IndexParser() {}

  /** The entity's indexes, in declaration order; {@code entity} has none yet. */
  static List<IndexModel> parse(TypeElement type, EntityModel entity) {
    Index[] declared = type.getAnnotationsByType(Index.class);
    List<AnnotationMirror> mirrors = mirrors(type);
    List<IndexModel> out = new ArrayList<>();
    for (int i = 0; i < declared.length; i++) {
      AnnotationMirror mirror = i < mirrors.size() ? mirrors.get(i) : null;
      out.add(parse(declared[i], mirror, entity));
    }
    return out;
  }

  private static IndexModel parse(Index index, AnnotationMirror mirror, EntityModel entity) {
    String table = IndexModel.tableName(entity.table(), index.name());
    List<String> columns = List.of(index.columns());
    AnnotationMirror hashMirror = nested(mirror, "hashPrefix");
    AnnotationMirror notSequential = nested(mirror, "notSequential");
    HashPrefixSpec hash = null;
    if (index.hashPrefix().length > 0) {
      HashPrefix h = index.hashPrefix()[0];
      hash =
          new HashPrefixSpec(h.length(), h.algorithm(), h.partitions(), entity.type(), hashMirror);
    }
    List<Property> properties = new ArrayList<>();
    List<KeyComponent> partition = new ArrayList<>();
    List<KeyComponent> keyColumns = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    boolean complete = !columns.isEmpty();
    for (String column : columns) {
      Property p =
          entity.properties().stream()
              .filter(q -> q.name().equals(column))
              .findFirst()
              .orElse(null);
      if (p == null || !seen.add(column)) {
        complete = false;
        continue;
      }
      boolean leading = partition.isEmpty();
      Property view = view(p, leading ? notSequential : null);
      properties.add(view);
      KeyComponent c =
          component(
              view,
              leading ? KeyRole.PARTITION : KeyRole.KEY_COLUMN,
              leading ? 0 : keyColumns.size());
      (leading ? partition : keyColumns).add(c);
    }
    EntityModel key =
        new EntityModel(
            entity.type(),
            mirror,
            table,
            table + "_cold",
            entity.delimiter(),
            entity.profile(),
            entity.ttlSeconds(),
            hash,
            properties,
            partition,
            keyColumns,
            List.of(),
            entity.construction());
    return new IndexModel(
        index.name(), table, mirror, columns, key, complete, index.maintainedBy());
  }

  /**
   * The property as the index key sees it: only the encoding annotations ({@link #ENCODINGS}), and
   * the index's {@code notSequential} on its leading column.
   */
  private static Property view(Property p, AnnotationMirror notSequential) {
    Map<Class<? extends Annotation>, AnnotationMirror> kept = new LinkedHashMap<>();
    for (Class<? extends Annotation> a : ENCODINGS) {
      if (p.annotations().has(a)) {
        kept.put(a, p.annotations().mirror(a));
      }
    }
    if (notSequential != null) {
      kept.put(NotSequential.class, notSequential);
    }
    return new Property(
        p.name(),
        p.element(),
        p.type(),
        p.kind(),
        p.primitive(),
        new WidekeyAnnotations(kept),
        p.reader(),
        p.readerIsMethod(),
        p.setter());
  }

  private static KeyComponent component(Property p, KeyRole role, int order) {
    Padded padded = p.element().getAnnotation(Padded.class);
    KeyChars chars = p.element().getAnnotation(KeyChars.class);
    MaxLength max = p.element().getAnnotation(MaxLength.class);
    return new KeyComponent(
        p,
        role,
        order,
        padded == null
            ? null
            : new PaddingSpec(
                padded.width(), padded.signed(), p.annotations().mirror(Padded.class)),
        null,
        chars == null ? null : chars.value(),
        max == null ? 0 : max.value());
  }

  /** The {@code @Index} mirrors of the type, direct or in its {@code @Indexes}, in order. */
  private static List<AnnotationMirror> mirrors(TypeElement type) {
    List<AnnotationMirror> out = new ArrayList<>();
    for (AnnotationMirror m : type.getAnnotationMirrors()) {
      String name = ((TypeElement) m.getAnnotationType().asElement()).getQualifiedName().toString();
      if (name.equals(Index.class.getCanonicalName())) {
        out.add(m);
      } else if (name.equals(Indexes.class.getCanonicalName())) {
        for (var e : m.getElementValues().entrySet()) {
          if (e.getKey().getSimpleName().contentEquals("value")
              && e.getValue().getValue() instanceof List<?> values) {
            for (Object v : values) {
              if (((AnnotationValue) v).getValue() instanceof AnnotationMirror nested) {
                out.add(nested);
              }
            }
          }
        }
      }
    }
    return out;
  }

  /** The first annotation in the array member {@code member} of {@code mirror}, or null. */
  private static AnnotationMirror nested(AnnotationMirror mirror, String member) {
    if (mirror == null) {
      return null;
    }
    for (var e : mirror.getElementValues().entrySet()) {
      if (e.getKey().getSimpleName().contentEquals(member)) {
        Object v = e.getValue().getValue();
        if (v instanceof AnnotationMirror m) {
          return m;
        }
        if (v instanceof List<?> values
            && !values.isEmpty()
            && ((AnnotationValue) values.get(0)).getValue() instanceof AnnotationMirror m) {
          return m;
        }
      }
    }
    return null;
  }
}
