package dev.widekey.processor.generate;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.NameAllocator;
import dev.widekey.processor.model.EntityModel;
import dev.widekey.processor.model.GeneratedTypeNames;
import dev.widekey.processor.model.KeyComponent;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** Every name the generators give to generated classes, members and files, in one place. */
public final class GeneratedNames {
  private GeneratedNames() {}

  /**
   * The repository's static {@code entityOf(Key, Row, Row)}: an entity from decoded key values and
   * its rows, which a re-keying job's reader calls with keys decoded under an older layout.
   */
  public static final String ENTITY_OF = "entityOf";

  /** Members of {@code FooKeys} that other generated code refers to. */
  static final class KeysMembers {
    private KeysMembers() {}

    /** The number of primary-key columns. */
    static final String COLUMNS = "COLUMNS";

    /** The partition-key splice delimiter, on spliced keys only. */
    static final String DELIMITER = "DELIMITER";

    /** {@code primaryKey(entity)} and {@code primaryKey(values...)}. */
    static final String PRIMARY_KEY = "primaryKey";

    /** {@code partitionKey(values...)}: the partition column's text, where it is built. */
    static final String PARTITION_KEY = "partitionKey";

    /** {@code decode(PrimaryKey)}. */
    static final String DECODE = "decode";

    /** The {@code KeyBuckets} of a {@code @Bucketed} leading component. */
    static final String BUCKETS = "BUCKETS";
  }

  /** Members of {@code FooTable}. */
  static final class TableMembers {
    private TableMembers() {}

    static final String NAME = "NAME";
    static final String COLD_NAME = "COLD_NAME";
    static final String PROFILE = "PROFILE";
    static final String TTL_SECONDS = "TTL_SECONDS";
    static final String PRIMARY_KEY = "PRIMARY_KEY";
    static final String SPLIT_POINTS = "SPLIT_POINTS";
    static final String HOT_COLUMNS = "HOT_COLUMNS";
    static final String COLD_COLUMNS = "COLD_COLUMNS";
    static final String HOT_READ_COLUMNS = "HOT_READ_COLUMNS";
    static final String COLD_READ_COLUMNS = "COLD_READ_COLUMNS";
    static final String CHUNKED_COLUMNS = "CHUNKED_COLUMNS";
    static final String CHUNKED_MAX_BYTES = "CHUNKED_MAX_BYTES";
    static final String CHUNKS_NAME = "CHUNKS_NAME";

    /** The chunk table's {@code TableSpec}, on entities with {@code @Chunked} fields only. */
    static final String CHUNKS = "CHUNKS";

    /** The hot table's {@code TableSpec}. */
    static final String HOT = "HOT";

    /** The cold table's {@code TableSpec}, on entities with cold columns only. */
    static final String COLD = "COLD";

    /** The entity's tables by role, an {@code EntityTables}. */
    static final String TABLES = "TABLES";
  }

  public static ClassName entity(EntityModel e) {
    return ClassName.get(e.type());
  }

  public static ClassName keys(EntityModel e) {
    return sibling(e, GeneratedTypeNames.KEYS_SUFFIX);
  }

  public static ClassName table(EntityModel e) {
    return sibling(e, GeneratedTypeNames.TABLE_SUFFIX);
  }

  public static ClassName repository(EntityModel e) {
    return sibling(e, GeneratedTypeNames.REPOSITORY_SUFFIX);
  }

  /** {@code FooShardedRepository}, for a {@code @TimeSharded} entity only. */
  public static ClassName shardedRepository(EntityModel e) {
    return sibling(e, GeneratedTypeNames.SHARDED_REPOSITORY_SUFFIX);
  }

  /** {@code FooRekeying}, for an entity declaring {@code @RekeyedFrom} only. */
  public static ClassName rekeying(EntityModel e) {
    return sibling(e, GeneratedTypeNames.REKEYING_SUFFIX);
  }

  /** The decoded key record inside {@code FooKeys}. */
  public static ClassName keyRecord(EntityModel e) {
    return keys(e).nestedClass(GeneratedTypeNames.KEY_RECORD);
  }

  /** Packages whose first name a variable of that name would hide from qualified references. */
  private static final Set<String> PACKAGE_ROOTS = Set.of("dev", "java", "javax");

  /** Names a record component may not have (JLS 8.10.1): the no-argument methods of Object. */
  private static final Set<String> OBJECT_METHODS =
      Set.of(
          "clone", "finalize", "getClass", "hashCode", "notify", "notifyAll", "toString", "wait");

  /**
   * The name of a generated parameter or local that holds the value of the user's field {@code
   * name}: the field's own name, unless it could hide a type or package that generated code refers
   * to in an expression ({@code PkValue.ofString(...)}, {@code Long.toString(...)}, a constant such
   * as {@code COLUMNS}, {@code dev.widekey...}). Such names get a trailing {@code $}, which no
   * accepted field name holds (WK207), so the result never clashes with another field's variable.
   */
  public static String variable(String name) {
    boolean hides = Character.isUpperCase(name.charAt(0)) || PACKAGE_ROOTS.contains(name);
    return hides ? name + "$" : name;
  }

  /** {@link #variable(String)} of a key component. */
  public static String variable(KeyComponent c) {
    return variable(c.name());
  }

  /**
   * The component (and accessor) of {@code FooKeys.Key} holding {@code c}: the field's name, or,
   * for a name a record component cannot have ({@code wait}, {@code hashCode}), that name with
   * {@code _} appended, allocated around the entity's other components.
   */
  public static String keyRecordComponent(EntityModel e, KeyComponent c) {
    NameAllocator names = new NameAllocator();
    for (KeyComponent k : e.keyComponents()) {
      if (!OBJECT_METHODS.contains(k.name())) {
        names.newName(k.name(), k);
      }
    }
    for (KeyComponent k : e.keyComponents()) {
      if (OBJECT_METHODS.contains(k.name())) {
        names.newName(k.name() + "_", k);
      }
    }
    return names.get(c);
  }

  /** The private method of {@code FooKeys} that turns one component into key text. */
  public static String textMethod(KeyComponent c) {
    return c.name() + "Text";
  }

  /**
   * The constant of {@code FooKeys} holding a component's alphabet, allocated per entity: {@code
   * deviceId}, {@code device_id} and {@code device_Id} would all be {@code DEVICE_ID_CHARS}, so the
   * later ones get {@code DEVICE_ID_CHARS_}, {@code DEVICE_ID_CHARS__}.
   */
  public static String alphabetConstant(EntityModel e, KeyComponent c) {
    NameAllocator names = new NameAllocator();
    names.newName(KeysMembers.COLUMNS);
    names.newName(KeysMembers.DELIMITER);
    for (KeyComponent k : e.keyComponents()) {
      if (k.keyChars() != null) {
        names.newName(constantCase(k.name()) + "_CHARS", k);
      }
    }
    return names.get(c);
  }

  /** {@code rangeByDeviceIdAndSellerId}, or with a suffix such as {@code Between}. */
  public static String rangeMethod(List<KeyComponent> fixed, String suffix) {
    return "rangeBy" + joinedCapitalized(fixed) + suffix;
  }

  /** {@code rangesByTimestampBetween}: one range per bucket of a bucketed component. */
  public static String bucketRangesMethod(List<KeyComponent> named, String suffix) {
    return "rangesBy" + joinedCapitalized(named) + suffix;
  }

  /** {@code pageByDeviceId}, {@code countByDeviceId}: a query method named by its verb. */
  public static String queryMethod(String verb, List<KeyComponent> named, String suffix) {
    return verb + "By" + joinedCapitalized(named) + suffix;
  }

  /** {@code scanByDeviceIdAndSellerId}, the repository's counterpart of a range method. */
  public static String scanMethod(List<KeyComponent> fixed, String suffix) {
    return "scanBy" + joinedCapitalized(fixed) + suffix;
  }

  /**
   * The notice at the top of every generated file: where it comes from, and that edits are lost on
   * the next build.
   */
  public static String doNotEditNotice(EntityModel e) {
    return "Generated by widekey from "
        + entity(e).canonicalName()
        + ". Do not edit: change the entity and rebuild.";
  }

  /** The layout file of a table, relative to the class output. */
  public static String layoutResource(String table) {
    return "META-INF/widekey/layout/" + table + ".layout";
  }

  static String constantCase(String camel) {
    return camel.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toUpperCase(Locale.ROOT);
  }

  private static String joinedCapitalized(List<KeyComponent> components) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < components.size(); i++) {
      if (i > 0) {
        sb.append("And");
      }
      String n = components.get(i).name();
      sb.append(Character.toUpperCase(n.charAt(0))).append(n, 1, n.length());
    }
    return sb.toString();
  }

  private static ClassName sibling(EntityModel e, String suffix) {
    return ClassName.get(
        GeneratedTypeNames.packageName(e.type()), GeneratedTypeNames.simpleName(e.type(), suffix));
  }
}
