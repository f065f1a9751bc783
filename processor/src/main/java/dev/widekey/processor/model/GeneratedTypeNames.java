package dev.widekey.processor.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import javax.lang.model.element.Element;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;

/**
 * How the types generated for an entity are named: facts that the rules check ({@code
 * GeneratedNameRules}) and the generators write ({@code GeneratedNames}), kept below both so that
 * the rules do not depend on generation.
 */
public final class GeneratedTypeNames {
  private GeneratedTypeNames() {}

  /** {@code FooKeys}: the key codec. */
  public static final String KEYS_SUFFIX = "Keys";

  /** {@code FooTable}: the table layout. */
  public static final String TABLE_SUFFIX = "Table";

  /** {@code FooRepository}: the repository. */
  public static final String REPOSITORY_SUFFIX = "Repository";

  /** The decoded key record nested in {@code FooKeys}. */
  public static final String KEY_RECORD = "Key";

  /** {@code FooShardedRepository}: the repository of a time-sharded entity's period tables. */
  public static final String SHARDED_REPOSITORY_SUFFIX = "ShardedRepository";

  /** {@code FooRekeying}: the job moving an entity's rows from a committed older layout. */
  public static final String REKEYING_SUFFIX = "Rekeying";

  /** The suffixes of the top-level types generated for every entity. */
  public static final List<String> SUFFIXES = List.of(KEYS_SUFFIX, TABLE_SUFFIX, REPOSITORY_SUFFIX);

  /** The suffixes of the top-level types generated for this entity. */
  public static List<String> suffixes(EntityModel entity) {
    List<String> out = new ArrayList<>(SUFFIXES);
    if (ShardSpec.of(entity).isPresent()) {
      out.add(SHARDED_REPOSITORY_SUFFIX);
    }
    if (entity.type().getAnnotation(dev.widekey.annotations.RekeyedFrom.class) != null) {
      out.add(REKEYING_SUFFIX);
    }
    return out;
  }

  /** The entity's package, "" for the default package. */
  public static String packageName(TypeElement entity) {
    Element e = entity;
    while (!(e instanceof PackageElement)) {
      e = e.getEnclosingElement();
    }
    return ((PackageElement) e).getQualifiedName().toString();
  }

  /** The simple names of the entity and the types around it, outermost first. */
  public static List<String> simpleNames(TypeElement entity) {
    List<String> names = new ArrayList<>();
    for (Element e = entity; e instanceof TypeElement; e = e.getEnclosingElement()) {
      names.add(e.getSimpleName().toString());
    }
    Collections.reverse(names);
    return names;
  }

  /**
   * The generated type named {@code suffix} for the entity, without its package: nested entities
   * are flattened ({@code Outer.Item} gives {@code Outer_ItemKeys}), so every generated class is
   * top level.
   */
  public static String simpleName(TypeElement entity, String suffix) {
    return String.join("_", simpleNames(entity)) + suffix;
  }
}
