package dev.widekey.processor.rules;

import dev.widekey.annotations.HashPrefix;
import dev.widekey.annotations.NotSequential;
import dev.widekey.annotations.Profile;
import dev.widekey.core.store.OrderedKeyWidths;
import dev.widekey.core.store.ServiceNames;
import dev.widekey.core.store.StoreLimits;
import dev.widekey.processor.diagnostics.Diagnostics;
import dev.widekey.processor.diagnostics.Messages;
import dev.widekey.processor.model.Attribute;
import dev.widekey.processor.model.EntityModel;
import dev.widekey.processor.model.IndexModel;
import dev.widekey.processor.model.KeyComponent;
import dev.widekey.processor.model.KeyLayout;
import dev.widekey.processor.model.Property;
import dev.widekey.processor.model.ValueKind;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.TypeElement;

/**
 * Index tables ({@code @Index}), every finding reported on the index's {@code @Index}. WK306: the
 * declaration itself (a name, columns that name distinct hot properties, no copy of the primary
 * key's leading columns, few indexes, Lindorm's index quota). The index key is then checked by the
 * primary key's own rule families, run over the index key as an entity of its own ({@link
 * IndexModel#key()}): WK102 to WK109 and WK113 as for a primary key, their messages naming the
 * index; WK110 counts the trailing reference column; WK109 bounds the reference column (the row's
 * encoded key and the write tag) where the primary key is bounded; WK207 checks the index table's
 * name ({@link TableOwners} claims it).
 */
public final class IndexRules implements EntityRule {
  /**
   * An entity with more indexes than this warns: each index costs one more row write per put and,
   * when an indexed value changes, a delete of the old index row, so five indexes make a put up to
   * eleven row operations; four keeps a put within one batch of a handful of rows.
   */
  static final int MANY_INDEXES = 4;

  /**
   * Lindorm's quota of index tables, "Index tables per database: Maximum 5" in Lindorm's "Quotas
   * and limits" (alibabacloud.com/help/en/lindorm/latest/quotas-and-limits; the Chinese edition
   * says 索引表的数量不能超过5个). A database-wide figure: one entity past it is past it for sure.
   */
  static final int LINDORM_MAX_INDEXES = 5;

  /** Lower-case words joined by '_': a table-name suffix and a Java name once camel-cased. */
  private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9]*(_[a-z0-9]+)*");

  /**
   * Methods without parameters of every generated repository, which an index's accessor ({@code
   * byCard()}) would override or clash with: the runtime's {@code SplitTableRepository} and its
   * superclasses' non-private ones ({@code RepositoryMethodsTest} holds this list to them), and the
   * generated ones. Listed, not read by reflection, so that javac loads no runtime class.
   */
  static final Set<String> REPOSITORY_METHODS =
      Set.of(
          // generated
          "scanAll",
          "scanAllDescending",
          "createTables",
          // SplitTableRepository
          "buildIndexes",
          "coldTable",
          "countAll",
          "flushDeletes",
          "hotTable",
          "newTag",
          "requireContinuationKey",
          "store",
          "tables",
          "versionColumn",
          // Object
          "clone",
          "finalize",
          "getClass",
          "hashCode",
          "notify",
          "notifyAll",
          "toString",
          "wait");

  /** The repository's accessor of an index: {@code by_card} gives {@code byCard}. */
  static String accessor(String indexName) {
    StringBuilder out = new StringBuilder();
    for (String word : indexName.split("_")) {
      if (!word.isEmpty()) {
        out.append(
            out.length() == 0 ? word : Character.toUpperCase(word.charAt(0)) + word.substring(1));
      }
    }
    return out.toString();
  }

  /** The primary key's rule families that check an index key as they check a primary key. */
  private static final List<EntityRule> KEY_RULES =
      List.of(new KeyStructureRules(), new HotspotRules(), new SplicingRules(), new KeySizeRules());

  @Override
  public void check(EntityModel entity, Diagnostics diagnostics) {
    TypeElement type = entity.type();
    Set<String> names = new HashSet<>();
    java.util.Map<String, String> accessors = new java.util.HashMap<>();
    for (IndexModel index : entity.indexes()) {
      AnnotationMirror at = index.mirror();
      if (!NAME.matcher(index.name()).matches()) {
        diagnostics.error(type, at, "name", Messages.indexBadName(index.name()));
        continue;
      }
      String accessor = accessor(index.name());
      if (SourceVersion.isKeyword(accessor) || REPOSITORY_METHODS.contains(accessor)) {
        diagnostics.error(type, at, "name", Messages.indexNameTaken(index.name(), accessor));
        continue;
      }
      if (!names.add(index.name())) {
        diagnostics.error(
            type, at, "name", Messages.indexNameTwice(index.name(), entity.simpleName()));
        continue;
      }
      String other = accessors.putIfAbsent(accessor, index.name());
      if (other != null) {
        diagnostics.error(
            type, at, "name", Messages.indexSameMembers(index.name(), other, accessor));
        continue;
      }
      boolean valid =
          checkDeclaration(entity, index, diagnostics)
              && ServiceIndexRules.check(entity, index, diagnostics);
      if (valid) {
        checkKey(entity, index, diagnostics);
      }
    }
    ServiceIndexRules.checkCount(entity, diagnostics);
    int count = entity.indexes().size();
    if (entity.profile() == Profile.LINDORM && count > LINDORM_MAX_INDEXES) {
      diagnostics.error(
          type,
          entity.indexes().get(LINDORM_MAX_INDEXES).mirror(),
          Messages.indexesOverLindormQuota(entity.simpleName(), count, LINDORM_MAX_INDEXES));
    } else if (count > MANY_INDEXES) {
      diagnostics.warning(
          type,
          entity.indexes().get(MANY_INDEXES).mirror(),
          Messages.tooManyIndexes(entity.simpleName(), count, MANY_INDEXES));
    }
  }

  /** The declaration's own rules (WK306); true if its key can be checked. */
  private static boolean checkDeclaration(
      EntityModel entity, IndexModel index, Diagnostics diagnostics) {
    TypeElement type = entity.type();
    AnnotationMirror at = index.mirror();
    boolean valid = true;
    for (String member : List.of("hashPrefix", "notSequential")) {
      if (arrayLength(at, member) > 1) {
        diagnostics.error(type, at, member, Messages.indexOptionTwice(index.name(), member));
        valid = false;
      }
    }
    if (index.columns().isEmpty()) {
      diagnostics.error(type, at, "columns", Messages.indexNoColumns(index.name()));
      return false;
    }
    Set<String> seen = new HashSet<>();
    for (String column : index.columns()) {
      Property p =
          entity.properties().stream()
              .filter(q -> q.name().equals(column))
              .findFirst()
              .orElse(null);
      if (p == null) {
        diagnostics.error(
            type,
            at,
            "columns",
            entity
                .unstoredMarker(column)
                .map(
                    marker ->
                        Messages.indexUnstoredColumn(
                            index.name(), column, entity.simpleName(), marker))
                .orElseGet(
                    () ->
                        Messages.indexUnknownColumn(
                            index.name(), column, entity.simpleName(), closest(column, entity))));
        valid = false;
        continue;
      }
      if (!seen.add(column)) {
        diagnostics.error(type, at, "columns", Messages.indexDuplicateColumn(index.name(), column));
        valid = false;
        continue;
      }
      for (Attribute a : entity.attributes()) {
        if (a.name().equals(column) && (a.cold() || a.chunked())) {
          diagnostics.error(
              type,
              at,
              "columns",
              Messages.indexColdColumn(
                  index.name(), column, a.cold() ? "a @ColdColumn" : "@Chunked"));
          valid = false;
        } else if (a.name().equals(column) && a.version()) {
          // WK208: a version is never a key, and an index's columns are its table's key
          diagnostics.error(type, at, "columns", Messages.indexedVersion(index.name(), column));
          valid = false;
        }
      }
    }
    if (!valid || !index.complete()) {
      return false;
    }
    List<String> keyNames = entity.keyComponents().stream().map(KeyComponent::name).toList();
    boolean basePrefixReadable =
        entity.hashPrefix() == null
            && entity.bucketed() == null
            && !entity.partitionKey().isEmpty()
            && !entity.partitionKey().get(0).reversed();
    if (basePrefixReadable
        && index.columns().size() <= keyNames.size()
        && keyNames.subList(0, index.columns().size()).equals(index.columns())
        && (index.columns().size() >= entity.partitionKey().size()
            || entity.partitionKey().size() > 1)) {
      diagnostics.warning(
          type, at, Messages.indexIsKeyPrefix(index.name(), String.join(", ", index.columns())));
    }
    return true;
  }

  /** The index key under the primary key's rules, and its reference column. */
  private static void checkKey(EntityModel entity, IndexModel index, Diagnostics diagnostics) {
    TypeElement type = entity.type();
    AnnotationMirror at = index.mirror();
    StoreLimits limits = StoreLimits.of(entity.profile());
    List<KeyComponent> components = index.components();
    // a service index has no reference column: the service appends the table's key columns
    boolean tooWide = !index.byService() && !limits.fitsPkColumns(components.size() + 1);
    if (tooWide) {
      diagnostics.error(
          type,
          at,
          "columns",
          Messages.indexTooManyColumns(index.name(), components.size(), entity.profile()));
    }
    if (limits.binaryOnlyLast()) {
      for (KeyComponent c : components) {
        if (c.kind() == ValueKind.BYTES) {
          diagnostics.error(
              type,
              at,
              "columns",
              Messages.indexBinaryColumn(index.name(), c.name(), entity.profile()));
        }
      }
    }
    if ((entity.hasColdColumns() && index.table().equals(entity.coldTable()))
        || (entity.hasChunkedColumns() && index.table().equals(entity.chunksTable()))) {
      diagnostics.error(type, at, "name", Messages.indexTableIsOwn(index.name(), index.table()));
    } else if (ServiceNames.isLegal(entity.table()) && !ServiceNames.isLegal(index.table())) {
      diagnostics.error(
          type,
          at,
          "name",
          Messages.OnIndex.finding(
              index.name(), index.table(), Messages.badTableName("name", index.table())));
    }
    Diagnostics found = new Diagnostics();
    for (EntityRule rule : KEY_RULES) {
      rule.check(index.key(), found);
    }
    diagnostics.addMoved(
        found,
        type,
        at,
        (message, annotation) -> member(annotation),
        message ->
            // the column count and binary placement are counted above, with the reference column
            message.startsWith("WK110")
                ? null
                : Messages.OnIndex.finding(index.name(), index.table(), message));
    long ref = index.byService() ? -1 : referenceBytes(entity);
    if (ref > limits.maxPkColumnBytes()) {
      diagnostics.error(type, at, Messages.indexRefTooLarge(index.name(), ref, entity.profile()));
    }
  }

  /** The {@code @Index} member a finding on the index key points at. */
  private static String member(AnnotationMirror annotation) {
    if (annotation == null) {
      return "columns";
    }
    String name = annotation.getAnnotationType().asElement().getSimpleName().toString();
    if (name.equals(HashPrefix.class.getSimpleName())) {
      return "hashPrefix";
    }
    if (name.equals(NotSequential.class.getSimpleName())) {
      return "notSequential";
    }
    return "columns";
  }

  /**
   * The most bytes of the reference column: the primary key's columns as the runtime encodes them
   * into one ordered byte string, then the write tag ({@link
   * dev.widekey.core.store.OrderedKeyWidths#maxIndexRefBytes}); -1 when a primary-key column is
   * unbounded (the store checks the value at run time) or the primary key is invalid.
   */
  static long referenceBytes(EntityModel entity) {
    if (entity.partitionKey().isEmpty()) {
      return -1;
    }
    try {
      return referenceBytes(KeyLayout.of(entity));
    } catch (RuntimeException e) {
      return -1; // an invalid key (a bad alphabet, a bad hash prefix), reported by its own rules
    }
  }

  private static long referenceBytes(KeyLayout layout) {
    long total = 0;
    for (var column : layout.columns()) {
      long bytes = 0;
      boolean mayHoldZero = false;
      for (KeyComponent c : column.components()) {
        if (!c.kind().keyable()) {
          return -1;
        }
        ComponentText text = ComponentText.of(c);
        if (text.maxBytes() < 0) {
          return -1;
        }
        mayHoldZero |= text.lowest() <= 0;
        bytes += text.maxBytes() + (column.components().size() > 1 ? 1 : 0); // and a delimiter
      }
      if (layout.hashPrefix() != null && column == layout.partition()) {
        bytes += layout.hashPrefix().length();
      }
      if (layout.buckets() > 0 && column == layout.partition()) {
        bytes += 8;
      }
      total += OrderedKeyWidths.maxEncodedLength(column.type(), bytes, mayHoldZero);
    }
    return OrderedKeyWidths.maxIndexRefBytes(total);
  }

  /** The property name closest to {@code name} (edit distance at most 3), or null. */
  private static String closest(String name, EntityModel entity) {
    return entity.closestProperty(name, 3).orElse(null);
  }

  private static int arrayLength(AnnotationMirror mirror, String member) {
    if (mirror == null) {
      return 0;
    }
    for (var e : mirror.getElementValues().entrySet()) {
      if (e.getKey().getSimpleName().contentEquals(member)) {
        Object v = e.getValue().getValue();
        return v instanceof List<?> l ? l.size() : 1;
      }
    }
    return 0;
  }
}
