package dev.widekey.processor.generate;

import com.palantir.javapoet.ClassName;
import dev.widekey.processor.model.EntityModel;
import dev.widekey.processor.model.KeyComponent;
import java.util.List;
import java.util.Locale;

/** Every name the generators give to generated classes, members and files, in one place. */
public final class GeneratedNames {
  private GeneratedNames() {}

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
  }

  /** Members of {@code FooTable}. */
  static final class TableMembers {
    private TableMembers() {}

    static final String NAME = "NAME";
    static final String COLD_NAME = "COLD_NAME";
    static final String PROFILE = "PROFILE";
    static final String PRIMARY_KEY = "PRIMARY_KEY";
    static final String SPLIT_POINTS = "SPLIT_POINTS";
    static final String HOT_COLUMNS = "HOT_COLUMNS";
    static final String COLD_COLUMNS = "COLD_COLUMNS";
    static final String CHUNKED_COLUMNS = "CHUNKED_COLUMNS";

    /** The hot table's {@code TableSpec}. */
    static final String HOT = "HOT";

    /** The cold table's {@code TableSpec}, on entities with cold columns only. */
    static final String COLD = "COLD";
  }

  public static ClassName entity(EntityModel e) {
    return ClassName.get(e.type());
  }

  public static ClassName keys(EntityModel e) {
    return sibling(e, "Keys");
  }

  public static ClassName table(EntityModel e) {
    return sibling(e, "Table");
  }

  public static ClassName repository(EntityModel e) {
    return sibling(e, "Repository");
  }

  /** The decoded key record inside {@code FooKeys}. */
  public static ClassName keyRecord(EntityModel e) {
    return keys(e).nestedClass("Key");
  }

  /** The private method of {@code FooKeys} that turns one component into key text. */
  public static String textMethod(KeyComponent c) {
    return c.name() + "Text";
  }

  /** The constant holding a component's alphabet. */
  public static String alphabetConstant(KeyComponent c) {
    return constantCase(c.name()) + "_CHARS";
  }

  /** {@code rangeByDeviceIdAndSellerId}, or with a suffix such as {@code Between}. */
  public static String rangeMethod(List<KeyComponent> fixed, String suffix) {
    return "rangeBy" + joinedCapitalized(fixed) + suffix;
  }

  /** {@code scanByDeviceIdAndSellerId}, the repository's counterpart of a range method. */
  public static String scanMethod(List<KeyComponent> fixed, String suffix) {
    return "scanBy" + joinedCapitalized(fixed) + suffix;
  }

  /** The schema file of a table, relative to the class output. */
  public static String schemaResource(String table) {
    return "META-INF/widekey/schema/" + table + ".schema";
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
    ClassName entity = entity(e);
    // nested entities: Outer.Item -> Outer_ItemKeys, so every generated class is top level
    String flat = String.join("_", entity.simpleNames());
    return ClassName.get(entity.packageName(), flat + suffix);
  }
}
