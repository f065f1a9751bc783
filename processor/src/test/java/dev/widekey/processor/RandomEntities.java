package dev.widekey.processor;

import dev.widekey.core.store.StoreLimits;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.function.Consumer;

/**
 * Random entity declarations for the entity fuzzer: records and classes with every supported type
 * and annotation, edge values and awkward names, mostly valid designs with a share of broken ones.
 * An {@link Entity} is a plain description that renders to Java source, shrinks by dropping one
 * field or annotation, and makes random values that keep its annotations' promises.
 */
final class RandomEntities {
  private RandomEntities() {}

  enum Type {
    STRING("String", false),
    LONG("long", true),
    LONG_BOX("Long", true),
    INT("int", true),
    INT_BOX("Integer", true),
    SHORT("short", true),
    BYTE("byte", true),
    BOOLEAN("boolean", false),
    DOUBLE("double", false),
    BYTES("byte[]", false),
    UUID_("java.util.UUID", false),
    ENUM(null, false),
    INSTANT("java.time.Instant", true),
    LOCAL_DATE("java.time.LocalDate", true),
    LOCAL_DATE_TIME("java.time.LocalDateTime", true),
    OFFSET_DATE_TIME("java.time.OffsetDateTime", true),
    ZONED_DATE_TIME("java.time.ZonedDateTime", true),
    BIG_DECIMAL("java.math.BigDecimal", false),
    LIST("java.util.List<String>", false),
    SHORT_BOX("Short", true),
    BYTE_BOX("Byte", true),
    FLOAT("float", false),
    FLOAT_BOX("Float", false),
    DOUBLE_BOX("Double", false),
    BOOLEAN_BOX("Boolean", false),
    // refused everywhere (WK100 as attributes, WK108 as keys)
    CHAR("char", false),
    CHAR_BOX("Character", false),
    OPTIONAL("java.util.Optional<String>", false),
    MAP("java.util.Map<String, Long>", false),
    INT_ARRAY("int[]", false);

    final String source;
    final boolean integral;

    Type(String source, boolean integral) {
      this.source = source;
      this.integral = integral;
    }

    boolean primitive() {
      return this == LONG
          || this == INT
          || this == SHORT
          || this == BYTE
          || this == BOOLEAN
          || this == DOUBLE
          || this == FLOAT
          || this == CHAR;
    }

    /** Whether no column or key holds it: an entity with it is always refused. */
    boolean refused() {
      return this == LIST
          || this == CHAR
          || this == CHAR_BOX
          || this == OPTIONAL
          || this == MAP
          || this == INT_ARRAY;
    }

    /** Whether it is a point in time (a shard field may be one). */
    boolean time() {
      return this == INSTANT
          || this == LOCAL_DATE
          || this == LOCAL_DATE_TIME
          || this == OFFSET_DATE_TIME
          || this == ZONED_DATE_TIME;
    }

    /** Largest value of an integral type (instants: epoch millis kept well inside Instant). */
    long max() {
      return switch (this) {
        case INT, INT_BOX -> Integer.MAX_VALUE;
        case SHORT, SHORT_BOX -> Short.MAX_VALUE;
        case BYTE, BYTE_BOX -> Byte.MAX_VALUE;
        case INSTANT, LOCAL_DATE_TIME, OFFSET_DATE_TIME, ZONED_DATE_TIME -> 9_999_999_999_999L;
        case LOCAL_DATE -> 365_241_780_471L; // LocalDate.MAX.toEpochDay()
        default -> Long.MAX_VALUE;
      };
    }

    long min() {
      return switch (this) {
        case INT, INT_BOX -> Integer.MIN_VALUE;
        case SHORT, SHORT_BOX -> Short.MIN_VALUE;
        case BYTE, BYTE_BOX -> Byte.MIN_VALUE;
        case INSTANT, LOCAL_DATE_TIME, OFFSET_DATE_TIME, ZONED_DATE_TIME -> -9_999_999_999_999L;
        case LOCAL_DATE -> -365_243_219_162L; // LocalDate.MIN.toEpochDay()
        default -> Long.MIN_VALUE;
      };
    }
  }

  enum Role {
    PARTITION,
    KEY_COLUMN,
    ATTRIBUTE
  }

  /**
   * Alphabets for {@code @KeyChars} and characters each one holds. The first {@link #ABOVE_COMMA}
   * hold only characters above ',' and no '-'; the rest hold ',' or '-' or characters below them.
   */
  static final String[][] ALPHABETS = {
    {"a-z", "abcdefghijklmnopqrstuvwxyz"},
    {"a-z0-9", "abcdefghijklmnopqrstuvwxyz0123456789"},
    {"0-9A-Z", "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"},
    {"A-Z", "ABCDEFGHIJKLMNOPQRSTUVWXYZ"},
    {"0-9", "0123456789"},
    {"a-f", "abcdef"},
    // non-ASCII: Greek, one accented letter, and code points above U+FFFF (two chars each)
    {"\u03b1-\u03c9", "\u03b1\u03b2\u03b3\u03c9"},
    {"a-z\u00e9", "az\u00e9"},
    {"\ud83d\ude00-\ud83d\ude02", "\ud83d\ude00\ud83d\ude01\ud83d\ude02"},
    // regex-special characters, literal here
    {"a-z.*+?|{}^", "az.*+?|{}^"},
    {"a-zA-Z0-9_-", "abcxyzABCXYZ0123456789_-"},
    {"!-~", "!\"#$%&'()*+,-./09:;<=>?@AZ[\\]^_`az{|}~"},
    {"a-z$()", "az$()"},
    {"\\[\\]\\\\\\-", "[]\\-"},
  };

  /** {@code @KeyChars} specs that are refused: reversed, negated, a shorthand, empty. */
  static final String[] BAD_ALPHABETS = {"z-a", "^a-z", "\\d", ""};

  /** How many of {@link #ALPHABETS}, from the first, hold only characters above ',' and no '-'. */
  static final int ABOVE_COMMA = 9;

  static final char[] DELIMITERS = {
    ',', ',', '!', '#', '-', ':', '_', '.', '\u0001', ' ', '~', '/'
  };

  static final String[] NAMES = {
    "id",
    "deviceId",
    "sellerId",
    "cardId",
    "region",
    "ts",
    "orderNo",
    "userId",
    "a",
    "b",
    "c",
    "name",
    "value",
    "kind",
    "day",
    "seq",
    "tenant",
    "shard",
    "note",
    "flag",
    "total",
    "bytes",
    "device_id",
    "device_Id",
    "a_b",
    "wk",
    "cold",
    "hot",
    "key",
    "stored",
    "parts",
    "prefix",
    "text",
    "decoded",
    "entity",
    "row",
    "store",
    "from",
    "to",
    "columns",
    // named like generated methods and their parameters
    "put",
    "get",
    "delete",
    "scanAll",
    "primaryKey",
    "decode",
    "insert",
    "find",
    "scan",
    "keyOf",
    "since",
    "until",
    "limit",
    "last",
    // words some stores' query languages reserve
    "select",
    "order",
    "group",
    "table",
    "rowkey",
    "timestamp",
    "family",
    // Kotlin-style booleans
    "isActive",
    "isDeleted",
  };

  /** Names that are legal Java for a field but clash with something generated code may use. */
  static final String[] AWKWARD = {
    "wait",
    "clone",
    "hashCode",
    "toString",
    "notify",
    "finalize",
    "getClass",
    "notifyAll",
    "equals",
    "PrimaryKey",
    "PkValue",
    "KeyText",
    "List",
    "Padding",
    "Long",
    "String",
    "AttrValue",
    "COLUMNS",
    "DELIMITER",
    "dev",
    "java",
    "Key",
    "KeyParts",
    "KeyHash",
    "KeyValues",
    "KeyRanges",
    "KeyAlphabet",
    "Integer",
    "Objects",
    "Optional",
    "Stream",
    "Map",
    "Row",
    "TableSpec",
    "ScanRange",
    "Columns",
    "Attributes",
    "Money",
    "Compression",
    "HashAlgorithm",
    "Profile",
    "PkType",
    "PkColumn",
    "WideTableStore",
    "InvalidKeyException",
    "SplitTableRepository",
    "Math",
    "Arrays",
    "Instant",
    "UUID",
    "BigDecimal",
    "Short",
    "Byte",
    "Boolean",
    "Double",
    "NAME",
    "HOT",
    "COLD",
    "PRIMARY_KEY",
    "_x",
    "x$y",
    "wk_row",
    "Outer",
    "Version",
    "componentWithAVeryLongNameThatGoesOnAndOnForSixtyFourCharactersX",
    // legal Java, not legal column names (WK207)
    "gr\u00f6\u00dfe",
    "\u540d\u524d",
  };

  static final Set<String> RECORD_FORBIDDEN =
      Set.of(
          "clone", "finalize", "getClass", "hashCode", "notify", "notifyAll", "toString", "wait");

  static final String[] ENTITY_NAMES = {
    "Order",
    "Device",
    "Event",
    "Item",
    "Wide",
    "Key",
    "Keys",
    "Table",
    "Repository",
    "Row",
    "PrimaryKey",
    "Padding",
    "List",
    "Entity",
    "Metric",
    "Region",
    "\u00c9v\u00e9nement",
    "\u0417\u0430\u043a\u0430\u0437",
    "Long",
    "String",
    "Override",
    "Optional",
    "Stream",
    "Objects",
    // the annotations' enums, which the entity's own annotations name (written in full then)
    "ShardPeriod",
    "HashAlgorithm",
    "Profile",
    // types the generated classes refer to by their simple name
    "TimeShardedRepository",
    "SplitTableRepository",
    "EntityTables",
    "KeyBuckets",
    "ShardTimes",
    "ColdRows",
    "ChunkRows",
    "InvalidKeyException",
    "Generated",
    "Clock",
    "Instant",
    "Duration",
    "LinkedHashMap",
    "ShardedRepository",
  };

  /** Entity names that equal the simple name of a type the generated classes refer to. */
  static final Set<String> REFERENCED_NAMES =
      Set.of(
          "ShardPeriod",
          "HashAlgorithm",
          "Profile",
          "TimeShardedRepository",
          "SplitTableRepository",
          "EntityTables",
          "KeyBuckets",
          "ShardTimes",
          "ColdRows",
          "ChunkRows",
          "InvalidKeyException",
          "Generated",
          "Clock",
          "Instant",
          "Duration",
          "LinkedHashMap",
          "Row",
          "PrimaryKey",
          "Padding",
          "Key",
          "Long",
          "String");

  /** The enums of the annotations, which an entity's own name may hide in its file. */
  static final String[] ANNOTATION_ENUMS = {"ShardPeriod", "HashAlgorithm", "Profile"};

  static final String[] ENUM_NAMES = {"Kind", "Key", "Level", "Region", "Row", "Padding"};

  static final String[] ANNOTATION_NAMES = {
    "Bucketed",
    "Chunked",
    "ColdColumn",
    "HashPrefix",
    "KeyChars",
    "KeyColumn",
    "MaxLength",
    "Money",
    "Padded",
    "PartitionKey",
    "Profile",
    "Reversed",
    "Sequential",
    "Version",
    "NotSequential",
    "Index",
    "WideTable",
    "TruncatedToMillis",
    "Transient",
    "ColumnNaming",
    "TimeSharded",
    "ShardPeriod",
    "HashAlgorithm"
  };

  /** Methods of generated repositories and key classes, declared on some entities as well. */
  static final String[] GENERATED_METHOD_NAMES = {
    "put", "get", "delete", "scanAll", "primaryKey", "decode", "keyOf", "insert", "update", "find"
  };

  /** {@code java.lang} types a class of the entity's package may be named like. */
  static final String[] JAVA_LANG_NAMES = {
    "Long", "Integer", "Short", "Byte", "String", "Math", "Override", "Object", "Boolean", "Double"
  };

  /** Reasons for {@code @NotSequential}; the blank one is a design error (WK102). */
  static final String[] REASONS = {
    "many devices write at the same time", "ids are random", "cards pay concurrently", " "
  };

  /** Times to live: never, valid on every profile, valid off Tablestore only, and invalid. */
  static final long[] TTLS = {
    -1, 86_400, 604_800, 2_592_000, 3_600, 60, 0, -5, 2_147_483_646L, 3_000_000_000L, Long.MAX_VALUE
  };

  /** Where the entity is declared; the last two are shape errors (WK100). */
  enum Nesting {
    TOP_LEVEL,
    /** A public static member (or member record) of a public top-level class. */
    STATIC_MEMBER,
    PRIVATE_MEMBER,
    /** A non-static member class: needs an enclosing instance. */
    INNER,
    /** A member of a public interface: implicitly public and static. */
    INTERFACE_MEMBER
  }

  static final String[] MONEY_WORDS = {"price", "amount", "cost", "fee", "balance"};

  /**
   * One {@code @Index}: its name, its columns (maybe one that names no field), a hash prefix or the
   * WK102 opt-out on its first column.
   *
   * @param hashLength {@code hashPrefix = @HashPrefix(length = N)}, or null
   * @param notSequential {@code notSequential = @NotSequential(reason = ...)}, or null
   */
  record IndexDecl(String name, List<String> columns, Integer hashLength, String notSequential) {
    String source() {
      StringBuilder s = new StringBuilder("@Index(name = ").append(javaString(name));
      s.append(", columns = {");
      for (int i = 0; i < columns.size(); i++) {
        s.append(i == 0 ? "" : ", ").append(javaString(columns.get(i)));
      }
      s.append("}");
      if (hashLength != null) {
        s.append(", hashPrefix = @HashPrefix(length = ").append(hashLength).append(")");
      }
      if (notSequential != null) {
        s.append(", notSequential = @NotSequential(reason = ")
            .append(javaString(notSequential))
            .append(")");
      }
      return s.append(")").toString();
    }
  }

  /** One field or record component and its widekey annotations. */
  static final class Field implements Cloneable {
    String name;
    Type type;
    Role role;
    int order;
    Integer padWidth;
    boolean padSigned;
    String keyChars; // the @KeyChars spec, or null
    Integer maxLength;
    Integer hashLength; // @HashPrefix(length) on the component
    boolean reversed;
    boolean sequential;
    String notSequential; // the @NotSequential reason, or null
    Integer moneyScale;
    boolean cold;
    boolean compress;
    boolean chunked;
    boolean version; // @Version
    Integer buckets;
    boolean publicField; // classes: a public field rather than a private one with accessors
    boolean descending; // @KeyColumn(descending = true)
    String hashAlgorithm; // @HashPrefix(algorithm = HashAlgorithm.X), or null
    Integer hashPartitions; // @HashPrefix(partitions = N), or null
    Long inflatedCap; // @ColdColumn(maxInflatedBytes = N), or null
    boolean truncated; // @TruncatedToMillis
    boolean transientField; // @Transient: no column holds it

    /** Classes: a boolean read by {@code isName()} rather than {@code getName()}. */
    boolean isGetter;

    boolean getterPair; // a class's boolean with both getX() and isX() (one field, two accessors)

    Field copy() {
      try {
        return (Field) clone();
      } catch (CloneNotSupportedException e) {
        throw new AssertionError(e);
      }
    }

    boolean key() {
      return role != Role.ATTRIBUTE;
    }

    String alphabet() {
      for (String[] a : ALPHABETS) {
        if (a[0].equals(keyChars)) {
          return a[1];
        }
      }
      return null;
    }

    /** Every way to drop one annotation of this field, for shrinking. */
    List<Field> withoutOneAnnotation() {
      List<Field> out = new ArrayList<>();
      Consumer<Consumer<Field>> add =
          change -> {
            Field f = copy();
            change.accept(f);
            out.add(f);
          };
      if (padWidth != null) add.accept(f -> f.padWidth = null);
      if (padSigned) add.accept(f -> f.padSigned = false);
      if (keyChars != null) add.accept(f -> f.keyChars = null);
      if (maxLength != null) add.accept(f -> f.maxLength = null);
      if (hashLength != null) add.accept(f -> f.hashLength = null);
      if (descending) add.accept(f -> f.descending = false);
      if (hashAlgorithm != null) add.accept(f -> f.hashAlgorithm = null);
      if (hashPartitions != null) add.accept(f -> f.hashPartitions = null);
      if (inflatedCap != null) add.accept(f -> f.inflatedCap = null);
      if (reversed) add.accept(f -> f.reversed = false);
      if (sequential) add.accept(f -> f.sequential = false);
      if (notSequential != null) add.accept(f -> f.notSequential = null);
      if (moneyScale != null) add.accept(f -> f.moneyScale = null);
      if (cold) add.accept(f -> f.cold = false);
      if (compress) add.accept(f -> f.compress = false);
      if (chunked) add.accept(f -> f.chunked = false);
      if (version) add.accept(f -> f.version = false);
      if (truncated) add.accept(f -> f.truncated = false);
      if (transientField) add.accept(f -> f.transientField = false);
      if (buckets != null) add.accept(f -> f.buckets = null);
      if (!publicField) add.accept(f -> f.publicField = true);
      return out;
    }

    List<String> annotations() {
      return annotations(false);
    }

    /** With {@code implicitOrders}, the key annotations state no order (declaration order). */
    List<String> annotations(boolean implicitOrders) {
      List<String> a = new ArrayList<>();
      String ordered = implicitOrders ? "" : "(order = " + order + ")";
      if (role == Role.PARTITION) a.add("@PartitionKey" + ordered);
      if (role == Role.KEY_COLUMN) {
        List<String> args = new ArrayList<>();
        if (!implicitOrders) args.add("order = " + order);
        if (descending) args.add("descending = true");
        a.add("@KeyColumn" + (args.isEmpty() ? "" : "(" + String.join(", ", args) + ")"));
      }
      if (padWidth != null) {
        a.add("@Padded(width = " + padWidth + (padSigned ? ", signed = true)" : ")"));
      }
      if (keyChars != null) a.add("@KeyChars(" + javaString(keyChars) + ")");
      if (maxLength != null) a.add("@MaxLength(" + maxLength + ")");
      if (hashLength != null) a.add(hashPrefix(hashLength, hashAlgorithm, hashPartitions));
      if (reversed) a.add("@Reversed");
      if (sequential) a.add("@Sequential");
      if (notSequential != null)
        a.add("@NotSequential(reason = " + javaString(notSequential) + ")");
      if (moneyScale != null) a.add("@Money(scale = " + moneyScale + ")");
      if (cold) {
        List<String> args = new ArrayList<>();
        if (compress) args.add("compress = true");
        if (inflatedCap != null) args.add("maxInflatedBytes = " + inflatedCap + "L");
        a.add("@ColdColumn" + (args.isEmpty() ? "" : "(" + String.join(", ", args) + ")"));
      }
      if (chunked) a.add("@Chunked");
      if (version) a.add("@Version");
      if (truncated) a.add("@TruncatedToMillis");
      if (transientField) a.add("@Transient");
      if (buckets != null) a.add("@Bucketed(buckets = " + buckets + ")");
      return a;
    }
  }

  static String hashPrefix(int length, String algorithm, Integer partitions) {
    return "@HashPrefix(length = "
        + length
        + (algorithm == null ? "" : ", algorithm = HashAlgorithm." + algorithm)
        + (partitions == null ? "" : ", partitions = " + partitions)
        + ")";
  }

  /** One entity declaration. */
  static final class Entity {
    String pkg; // "" for the default package
    String name;
    String table;
    boolean record;
    boolean starImport;
    Character delimiter; // null: the default ','
    String profile; // null: the default
    Integer typeHash; // @HashPrefix(length) on the type
    boolean implicitOrders; // no order stated: the declaration order is the key order
    Long ttlSeconds; // null: the default (never)
    Nesting nesting = Nesting.TOP_LEVEL;
    String enumName = "Kind";
    List<Field> fields = new ArrayList<>();
    String typeHashAlgorithm; // @HashPrefix(algorithm) on the type, or null
    Integer typeHashPartitions; // @HashPrefix(partitions) on the type, or null
    String coldTable; // @WideTable(coldTable), or null
    boolean snakeCase; // @WideTable(columnNaming = ColumnNaming.SNAKE_CASE)

    /** The enum's constants: one, a few, or many, some not ASCII. */
    String[] enumConstants = {"A", "B", "C"};

    /** The enum is a private member: a type the generated classes cannot name (WK100). */
    boolean privateEnum;

    /**
     * The enum is a top-level type of the entity's package, in its own file, rather than nested in
     * the entity: its simple name ({@code Key}, {@code Row}, {@code Padding}) then competes with
     * the types the generated classes refer to.
     */
    boolean topLevelEnum;

    /** Classes: built by a constructor taking every field, fields final, no setters. */
    boolean allArgs;

    /**
     * Members that are no columns: static fields and methods, a transient field, methods named like
     * generated ones; on a record, a compact constructor that refuses null key components.
     */
    boolean extras;

    /**
     * {@code "static"} or {@code "transient"} (classes only): a field with that modifier carrying a
     * widekey annotation, which no write stores (WK100); null: none.
     */
    String unstoredAnnotated;

    /**
     * A class of the entity's package with {@code @TimeSharded} and no {@code @WideTable} (WK210 on
     * it: the annotation would be ignored); never in the default package, which other entities of a
     * batch may share.
     */
    boolean strayTimeSharded;

    /** Classes of the entity's package named like java.lang types ({@code Long}, {@code Math}). */
    List<String> shadows = new ArrayList<>();

    /** A hand-written type named like a generated one ({@code "Repository"}: FooRepository). */
    String takenSuffix;

    String shardBy; // @TimeSharded(by), or null: not sharded
    String shardPeriod = "MONTH";
    int shardRetain = 3;
    Integer shardAhead; // null: the default

    /** The {@code @Index} declarations, in order. */
    List<IndexDecl> indexes = new ArrayList<>();

    Entity copy() {
      Entity e = new Entity();
      e.pkg = pkg;
      e.name = name;
      e.table = table;
      e.record = record;
      e.starImport = starImport;
      e.delimiter = delimiter;
      e.profile = profile;
      e.typeHash = typeHash;
      e.implicitOrders = implicitOrders;
      e.ttlSeconds = ttlSeconds;
      e.nesting = nesting;
      e.enumName = enumName;
      for (Field f : fields) {
        e.fields.add(f.copy());
      }
      e.typeHashAlgorithm = typeHashAlgorithm;
      e.typeHashPartitions = typeHashPartitions;
      e.coldTable = coldTable;
      e.snakeCase = snakeCase;
      e.enumConstants = enumConstants;
      e.privateEnum = privateEnum;
      e.topLevelEnum = topLevelEnum;
      e.allArgs = allArgs;
      e.extras = extras;
      e.unstoredAnnotated = unstoredAnnotated;
      e.strayTimeSharded = strayTimeSharded;
      e.shadows = new ArrayList<>(shadows);
      e.takenSuffix = takenSuffix;
      e.shardBy = shardBy;
      e.shardPeriod = shardPeriod;
      e.shardRetain = shardRetain;
      e.shardAhead = shardAhead;
      e.indexes = new ArrayList<>(indexes);
      return e;
    }

    /** The name of the class that holds the entity: the entity, or the class around it. */
    String outerName() {
      return nesting == Nesting.TOP_LEVEL ? name : "Outer";
    }

    /** The source file's top-level class, qualified. */
    String qualifiedName() {
      return qualified(outerName());
    }

    /** The entity's binary name, for loading it. */
    String binaryName() {
      return qualified(nesting == Nesting.TOP_LEVEL ? name : outerName() + "$" + name);
    }

    /** A type generated for the entity ({@code "Keys"}): nested entities are flattened. */
    String generated(String suffix) {
      return qualified(nesting == Nesting.TOP_LEVEL ? name : outerName() + "_" + name) + suffix;
    }

    String qualified(String simple) {
      return pkg.isEmpty() ? simple : pkg + "." + simple;
    }

    /** The profile the entity targets: TABLESTORE when unset. */
    String profileOrDefault() {
      return profile == null ? "TABLESTORE" : profile;
    }

    char delimiterChar() {
      return delimiter == null ? ',' : delimiter;
    }

    /** Key components in key order: partition key by order, then key columns by order. */
    List<Field> keyFields() {
      List<Field> out = new ArrayList<>();
      for (Role role : List.of(Role.PARTITION, Role.KEY_COLUMN)) {
        fields.stream()
            .filter(f -> f.role == role)
            .sorted((x, y) -> Integer.compare(x.order, y.order))
            .forEach(out::add);
      }
      return out;
    }

    /** Whether stored key order is the order of the key values (no hash, nothing reversed). */
    boolean keepsOrder() {
      return typeHash == null
          // a bucketed key sorts by bucket first: its logical order is the merge's (BucketTest)
          && fields.stream()
              .noneMatch(f -> f.key() && (f.hashLength != null || f.reversed || f.buckets != null));
    }

    /** Smaller variants: one field dropped, one annotation dropped, a type-level option dropped. */
    List<Entity> shrinks() {
      List<Entity> out = new ArrayList<>();
      for (int i = 0; i < fields.size(); i++) {
        Entity e = copy();
        e.fields.remove(i);
        out.add(e);
      }
      if (typeHash != null) {
        Entity e = copy();
        e.typeHash = null;
        out.add(e);
      }
      if (delimiter != null) {
        Entity e = copy();
        e.delimiter = null;
        out.add(e);
      }
      if (profile != null) {
        Entity e = copy();
        e.profile = null;
        out.add(e);
      }
      if (starImport) {
        Entity e = copy();
        e.starImport = false;
        out.add(e);
      }
      if (ttlSeconds != null) {
        Entity e = copy();
        e.ttlSeconds = null;
        out.add(e);
      }
      if (nesting != Nesting.TOP_LEVEL) {
        Entity e = copy();
        e.nesting = Nesting.TOP_LEVEL;
        out.add(e);
      }
      List<Consumer<Entity>> drops = new ArrayList<>();
      if (shardBy != null) drops.add(e -> e.shardBy = null);
      if (!indexes.isEmpty()) drops.add(e -> e.indexes.clear());
      if (coldTable != null) drops.add(e -> e.coldTable = null);
      if (snakeCase) drops.add(e -> e.snakeCase = false);
      if (typeHashAlgorithm != null) drops.add(e -> e.typeHashAlgorithm = null);
      if (typeHashPartitions != null) drops.add(e -> e.typeHashPartitions = null);
      if (privateEnum) drops.add(e -> e.privateEnum = false);
      if (allArgs) drops.add(e -> e.allArgs = false);
      if (extras) drops.add(e -> e.extras = false);
      if (unstoredAnnotated != null) drops.add(e -> e.unstoredAnnotated = null);
      if (strayTimeSharded) drops.add(e -> e.strayTimeSharded = false);
      if (!shadows.isEmpty()) drops.add(e -> e.shadows.clear());
      if (takenSuffix != null) drops.add(e -> e.takenSuffix = null);
      if (enumConstants.length != 3) drops.add(e -> e.enumConstants = new String[] {"A", "B", "C"});
      for (Consumer<Entity> drop : drops) {
        Entity e = copy();
        drop.accept(e);
        out.add(e);
      }
      for (int i = 0; i < fields.size(); i++) {
        for (Field variant : fields.get(i).withoutOneAnnotation()) {
          Entity e = copy();
          e.fields.set(i, variant);
          out.add(e);
        }
      }
      return out;
    }

    String typeSource(Field f) {
      if (f.type == Type.ENUM) {
        return enumName;
      }
      // an entity named Long means itself by "Long" in its file: the field's type is spelled out
      return hides(f.type.source) ? "java.lang." + f.type.source : f.type.source;
    }

    /**
     * The method that reads a field: a record's accessor, {@code getName()}, {@code isName()} for a
     * boolean, or Kotlin's (and Lombok's) {@code isActive()} for a boolean named {@code isActive}.
     */
    String getter(Field f) {
      if (record) {
        return f.name;
      }
      if (f.isGetter && kotlinStyle(f)) {
        return f.name;
      }
      String cap = Character.toUpperCase(f.name.charAt(0)) + f.name.substring(1);
      return (f.isGetter && f.type == Type.BOOLEAN ? "is" : "get") + cap;
    }

    /**
     * The second accessor of a {@link Field#getterPair} field, {@code getActive()} beside {@code
     * isActive()} or the other way round, returning the same field; null where there is none, or
     * where the name is another field's accessor.
     */
    String otherGetter(Field f) {
      if (record || f.publicField || !f.getterPair) {
        return null;
      }
      String getter = getter(f);
      String cap = Character.toUpperCase(f.name.charAt(0)) + f.name.substring(1);
      String other = getter.startsWith("is") ? "get" + cap : "is" + cap; // Kotlin's: getIsActive
      for (Field g : fields) {
        if (g != f && (getter(g).equals(other) || setter(g).equals(other))) {
          return null;
        }
      }
      return Arrays.asList(GENERATED_METHOD_NAMES).contains(other) ? null : other;
    }

    /** The setter of a class's private field: {@code setName}, or Kotlin's {@code setActive}. */
    String setter(Field f) {
      if (f.isGetter && kotlinStyle(f)) {
        return "set" + f.name.substring(2);
      }
      return "set" + Character.toUpperCase(f.name.charAt(0)) + f.name.substring(1);
    }

    private static boolean kotlinStyle(Field f) {
      return (f.type == Type.BOOLEAN || f.type == Type.BOOLEAN_BOX)
          && f.name.length() > 2
          && f.name.startsWith("is")
          && Character.isUpperCase(f.name.charAt(2));
    }

    String source() {
      return source(true);
    }

    private String source(boolean withImports) {
      String source = rawSource(withImports);
      for (String hidden : ANNOTATION_ENUMS) {
        if (hides(hidden)) {
          // the entity's own name means the entity here: the enum is written in full
          source = source.replace("= " + hidden + ".", "= dev.widekey.annotations." + hidden + ".");
        }
      }
      return source;
    }

    /**
     * Whether a simple name means the entity (or the class holding it) in the entity's file, not
     * the widekey type it would mean by the imports.
     */
    boolean hides(String simpleName) {
      return simpleName.equals(name) || simpleName.equals(outerName());
    }

    private String rawSource(boolean withImports) {
      StringBuilder s = new StringBuilder();
      if (!pkg.isEmpty()) {
        s.append("package ").append(pkg).append(";\n\n");
      }
      if (!withImports) {
        // only the declaration below
      } else if (starImport) {
        s.append("import dev.widekey.annotations.*;\n");
      } else {
        String declaration = source(false); // imports only what the declaration uses
        for (String a : ANNOTATION_NAMES) {
          if (!hides(a) && (declaration.contains("@" + a) || declaration.contains(a + "."))) {
            s.append("import dev.widekey.annotations.").append(a).append(";\n");
          }
        }
      }
      s.append('\n');
      if (nesting == Nesting.INTERFACE_MEMBER) {
        s.append("@SuppressWarnings(\"all\")\npublic interface ")
            .append(outerName())
            .append(" {\n");
      } else if (nesting != Nesting.TOP_LEVEL) {
        s.append("@SuppressWarnings(\"all\")\npublic class ").append(outerName()).append(" {\n");
      }
      if (typeHash != null) {
        s.append(hashPrefix(typeHash, typeHashAlgorithm, typeHashPartitions)).append('\n');
      }
      s.append("@WideTable(name = ").append(javaString(table));
      if (coldTable != null) {
        s.append(", coldTable = ").append(javaString(coldTable));
      }
      if (delimiter != null) {
        s.append(", delimiter = ").append(javaChar(delimiter));
      }
      if (profile != null) {
        s.append(", profile = Profile.").append(profile);
      }
      if (ttlSeconds != null) {
        s.append(", ttlSeconds = ").append(ttlSeconds).append("L");
      }
      if (snakeCase) {
        s.append(", columnNaming = ColumnNaming.SNAKE_CASE");
      }
      s.append(")\n");
      if (shardBy != null) {
        s.append("@TimeSharded(by = ")
            .append(javaString(shardBy))
            .append(", period = ShardPeriod.")
            .append(shardPeriod)
            .append(", retain = ")
            .append(shardRetain);
        if (shardAhead != null) {
          s.append(", ahead = ").append(shardAhead);
        }
        s.append(")\n");
      }
      for (IndexDecl index : indexes) {
        s.append(index.source()).append('\n');
      }
      s.append("@SuppressWarnings(\"all\")\n");
      String modifiers =
          switch (nesting) {
            case TOP_LEVEL, INNER, INTERFACE_MEMBER -> "public ";
            case STATIC_MEMBER -> record ? "public " : "public static ";
            case PRIVATE_MEMBER -> "private static ";
          };
      if (record) {
        s.append(modifiers).append("record ").append(name).append("(\n");
        for (int i = 0; i < fields.size(); i++) {
          Field f = fields.get(i);
          s.append("    ");
          for (String a : f.annotations(implicitOrders)) {
            s.append(a).append(' ');
          }
          s.append(typeSource(f)).append(' ').append(f.name);
          s.append(i + 1 < fields.size() ? ",\n" : ") {\n");
        }
        if (fields.isEmpty()) {
          s.append(") {\n");
        }
        if (extras) {
          // a compact constructor that validates (key components are never null anyway, WK111)
          // and normalises text attributes (what is stored is what the record holds)
          s.append("  public ").append(name).append(" {\n");
          for (Field f : fields) {
            if (f.key() && !f.type.primitive()) {
              s.append("    if (")
                  .append(f.name)
                  .append(" == null) throw new java.lang.IllegalArgumentException(\"")
                  .append(f.name)
                  .append("\");\n");
            } else if (!f.key() && f.type == Type.STRING && !f.name.equals(shardBy)) {
              s.append("    ")
                  .append(f.name)
                  .append(" = ")
                  .append(f.name)
                  .append(" == null ? null : ")
                  .append(f.name)
                  .append(".strip();\n");
            }
          }
          s.append("  }\n");
        }
      } else {
        s.append(modifiers).append("class ").append(name).append(" {\n");
        for (Field f : fields) {
          s.append("  ");
          for (String a : f.annotations(implicitOrders)) {
            s.append(a).append(' ');
          }
          s.append(f.publicField ? "public " : "private ");
          if (allArgs && !f.transientField) {
            s.append("final "); // a transient one keeps the default the constructor leaves it
          }
          s.append(typeSource(f)).append(' ').append(f.name).append(";\n");
        }
        if (allArgs) {
          // over the stored fields: a transient one is no column to build from
          List<Field> stored = fields.stream().filter(f -> !f.transientField).toList();
          s.append("  public ").append(name).append('(');
          for (int i = 0; i < stored.size(); i++) {
            Field f = stored.get(i);
            s.append(i > 0 ? ", " : "").append(typeSource(f)).append(' ').append(f.name);
          }
          s.append(") {\n");
          for (Field f : stored) {
            s.append("    this.").append(f.name).append(" = ").append(f.name).append(";\n");
          }
          s.append("  }\n");
        } else {
          s.append("  public ").append(name).append("() {}\n");
        }
        for (Field f : fields) {
          if (f.publicField) {
            continue;
          }
          String t = typeSource(f);
          s.append("  public ")
              .append(t)
              .append(' ')
              .append(getter(f))
              .append("() { return this.")
              .append(f.name)
              .append("; }\n");
          String other = otherGetter(f);
          if (other != null) {
            s.append("  public ")
                .append(t)
                .append(' ')
                .append(other)
                .append("() { return this.")
                .append(f.name)
                .append("; }\n");
          }
          if (!allArgs) {
            s.append("  public void ")
                .append(setter(f))
                .append('(')
                .append(t)
                .append(" v) { this.")
                .append(f.name)
                .append(" = v; }\n");
          }
        }
        if (extras) {
          s.append("  public transient java.lang.String cachedLabel;\n");
        }
      }
      if (unstoredAnnotated != null) {
        // a widekey annotation on a field no write stores: refused (WK100), never ignored
        s.append("  @dev.widekey.annotations.ColdColumn public ")
            .append(unstoredAnnotated)
            .append(" java.lang.String unstoredNote;\n");
      }
      if (extras) {
        s.append("  public static long instances;\n");
        // java.lang spelled out: the entity may be named String
        s.append("  static final java.lang.String TABLE_NAME = ")
            .append(javaString(table))
            .append(";\n");
        // methods named like generated ones, where no field's accessor takes the name
        for (String m : GENERATED_METHOD_NAMES) {
          if (fields.stream().noneMatch(f -> f.name.equals(m) || getter(f).equals(m))) {
            s.append("  public java.lang.String ").append(m).append("() { return TABLE_NAME; }\n");
          }
        }
        s.append("  public static int decode(java.lang.String s) { return s.length(); }\n");
      }
      if (fields.stream().anyMatch(f -> f.type == Type.ENUM) && !topLevelEnum) {
        s.append(privateEnum ? "  private enum " : "  public enum ")
            .append(enumName)
            .append(" { ")
            .append(String.join(", ", enumConstants))
            .append(" }\n");
      }
      s.append("}\n");
      if (nesting != Nesting.TOP_LEVEL) {
        s.append("}\n");
      }
      return s.toString();
    }

    /** What the entity has of what the fuzzer varies, for the report of what was accepted. */
    List<String> features() {
      List<String> out = new ArrayList<>();
      out.add(record ? "record" : allArgs ? "allArgsClass" : "beanClass");
      if (nesting != Nesting.TOP_LEVEL) out.add(nesting.name().toLowerCase(java.util.Locale.ROOT));
      if (pkg.isEmpty()) out.add("defaultPackage");
      if (!(name + pkg).chars().allMatch(c -> c < 0x80)) out.add("nonAsciiName");
      if (REFERENCED_NAMES.contains(name)) out.add("namedLikeAReferencedType");
      if (shardBy != null) out.add("sharded" + shardPeriod);
      if (!indexes.isEmpty()) out.add("indexed");
      if (fields.stream().anyMatch(f -> f.chunked)) out.add("chunked");
      if (ttlSeconds != null && ttlSeconds > 0) out.add("expiring");
      if (extras) out.add("extras");
      if (!shadows.isEmpty()) out.add("javaLangShadows");
      if (topLevelEnum && fields.stream().anyMatch(f -> f.type == Type.ENUM)) {
        out.add("topLevelEnum");
      }
      if (coldTable != null) out.add("coldTable");
      if (snakeCase) out.add("snakeCase");
      if (enumConstants.length != 3) out.add("enumOf" + enumConstants.length);
      if (typeHash != null || fields.stream().anyMatch(f -> f.hashLength != null)) out.add("hash");
      for (Field f : fields) {
        if (f.descending) out.add("descending");
        if (f.buckets != null) out.add("bucketed");
        if (f.version) out.add("version");
        if (f.truncated) out.add("truncatedToMillis");
        if (f.transientField) out.add("transient");
        if (f.isGetter) out.add("isGetter");
        if (f.getterPair && otherGetter(f) != null) out.add("getterPair");
        if (f.inflatedCap != null) out.add("inflatedCap");
        if (f.keyChars != null && !f.keyChars.chars().allMatch(c -> c < 0x80)) {
          out.add("nonAsciiKeyChars");
        }
        if (f.type == Type.FLOAT || f.type == Type.FLOAT_BOX) out.add("float");
        if (f.type == Type.SHORT_BOX || f.type == Type.BYTE_BOX) out.add("boxedShortByte");
      }
      return out.stream().distinct().toList();
    }

    /** The source files: the entity's, and one per class of its package named like java.lang's. */
    List<String[]> files() {
      List<String[]> out = new ArrayList<>();
      out.add(new String[] {qualifiedName(), source()});
      for (String shadow : shadows) {
        String header = pkg.isEmpty() ? "" : "package " + pkg + ";\n";
        out.add(
            new String[] {
              qualified(shadow),
              header
                  + (shadow.equals("Override")
                      ? "public @interface Override {}\n"
                      : "public class " + shadow + " {}\n")
            });
      }
      if (strayTimeSharded) {
        out.add(
            new String[] {
              qualified("StrayShards"),
              "package "
                  + pkg
                  + ";\n@dev.widekey.annotations.TimeSharded(by = \"at\", retain = 3)\n"
                  + "public class StrayShards { public java.time.Instant at; }\n"
            });
      }
      if (topLevelEnum && fields.stream().anyMatch(f -> f.type == Type.ENUM)) {
        out.add(
            new String[] {
              qualified(enumName),
              (pkg.isEmpty() ? "" : "package " + pkg + ";\n")
                  + "public enum "
                  + enumName
                  + " { "
                  + String.join(", ", enumConstants)
                  + " }\n"
            });
      }
      if (takenSuffix != null) {
        String name = generated(takenSuffix);
        String simple = name.substring(name.lastIndexOf('.') + 1);
        out.add(
            new String[] {
              name,
              (pkg.isEmpty() ? "" : "package " + pkg + ";\n")
                  + "public interface "
                  + simple
                  + " {}\n"
            });
      }
      return out;
    }
  }

  // ---------------------------------------------------------------- random declarations

  static Entity entity(Random r, String pkg, String table) {
    Entity e = new Entity();
    e.pkg = pkg;
    e.name = r.nextInt(3) == 0 ? pick(r, ENTITY_NAMES) : "E" + table;
    e.table = table;
    e.record = r.nextBoolean();
    e.starImport = r.nextInt(3) == 0;
    e.enumName = pick(r, ENUM_NAMES);
    if (e.enumName.equals(e.name)) {
      e.enumName = "Kind";
    }
    if (r.nextInt(3) == 0) {
      e.profile = pick(r, new String[] {"TABLESTORE", "LINDORM", "HBASE"});
    }
    if (r.nextInt(8) == 0) {
      e.ttlSeconds = TTLS[r.nextInt(TTLS.length)];
    }
    int nesting = r.nextInt(60);
    e.nesting =
        nesting < 12
            ? Nesting.STATIC_MEMBER
            : nesting == 12
                ? Nesting.PRIVATE_MEMBER
                : nesting == 13
                    ? Nesting.INNER
                    : nesting < 18 ? Nesting.INTERFACE_MEMBER : e.nesting;
    if (e.nesting == Nesting.INNER) {
      e.record = false; // a member record is static
    }
    Set<String> used = new HashSet<>();
    int partitions = r.nextInt(10) < 5 ? 1 : r.nextInt(10) < 7 ? 2 : r.nextInt(20) == 0 ? 5 : 3;
    // up to 4 columns in all mostly; up to 7 sometimes (HBase has no bound of its own)
    int columns = r.nextInt(10) < 4 ? 0 : 1 + r.nextInt(r.nextInt(8) == 0 ? 6 : 2);
    int attributes = r.nextInt(5);
    for (int i = 0; i < partitions; i++) {
      e.fields.add(keyField(r, used, Role.PARTITION, i, partitions > 1));
    }
    for (int i = 0; i < columns; i++) {
      e.fields.add(keyField(r, used, Role.KEY_COLUMN, i, false));
    }
    for (int i = 0; i < attributes; i++) {
      e.fields.add(attribute(r, used));
    }
    if (partitions > 1 && r.nextInt(3) == 0) {
      e.delimiter = DELIMITERS[r.nextInt(DELIMITERS.length)];
    }
    Field lead = e.fields.get(0);
    if (r.nextInt(8) == 0 || (lead.sequential && r.nextInt(4) > 0 && lead.hashLength == null)) {
      if (r.nextBoolean() && !lead.reversed) {
        e.typeHash = hashLength(r);
        e.typeHashAlgorithm = hashAlgorithm(r);
        e.typeHashPartitions = hashPartitions(r);
      } else if (!lead.reversed) {
        lead.hashLength = hashLength(r);
        lead.hashAlgorithm = hashAlgorithm(r);
        lead.hashPartitions = hashPartitions(r);
      }
    }
    if (e.typeHash == null && lead.hashLength == null && !lead.reversed && r.nextInt(10) == 0) {
      // buckets where they belong, in counts of one and several digits
      lead.buckets = pick(r, new Integer[] {2, 3, 4, 7, 16, 100});
    }
    boolean scattered = e.typeHash != null || lead.hashLength != null || lead.reversed;
    if (lead.type.integral && !lead.sequential && !scattered && lead.buckets == null) {
      // WK102: a number or time leading the key is sequential unless it says why not
      if (r.nextInt(10) > 0) lead.notSequential = r.nextInt(30) == 0 ? " " : pick(r, REASONS);
    } else if (r.nextInt(30) == 0) {
      lead.notSequential = pick(r, REASONS); // where it contradicts or means nothing
    }
    if (r.nextInt(40) == 0) {
      e.fields.get(r.nextInt(e.fields.size())).notSequential = pick(r, REASONS); // misplaced
    }
    if (r.nextInt(20) == 0) {
      // a hash on a later component
      e.fields.get(r.nextInt(partitions)).hashLength = hashLength(r);
    }
    if (r.nextInt(25) == 0) {
      e.fields.add(r.nextInt(e.fields.size() + 1), attribute(r, used));
    }
    if (r.nextInt(5) == 0) {
      e.fields.add(r.nextInt(e.fields.size() + 1), versionField(r, used));
      if (r.nextInt(20) == 0) {
        e.fields.add(versionField(r, used)); // two: WK208
      }
    }
    if (r.nextInt(100) == 0) {
      e.fields.get(r.nextInt(e.fields.size())).version = true; // maybe on a key: WK208
    }
    if (r.nextInt(8) == 0) {
      // a field no column holds: read back as its type's default
      Field t = attribute(r, used);
      t.cold = false;
      t.compress = false;
      t.inflatedCap = null;
      t.chunked = false;
      t.transientField = true;
      e.fields.add(r.nextInt(e.fields.size() + 1), t);
    }
    if (r.nextInt(100) == 0) {
      e.fields.get(r.nextInt(e.fields.size())).transientField = true; // maybe a key: WK212
    }
    if (e.record) {
      // legal on a class, but a record component may not be named like these (JLS 8.10.1)
      for (Field f : e.fields) {
        if (RECORD_FORBIDDEN.contains(f.name)) {
          f.name = f.name + "Value";
        }
      }
    }
    // shuffle declaration order: orders, not positions, decide the key
    if (r.nextInt(3) == 0) {
      java.util.Collections.shuffle(e.fields, r);
    } else if (r.nextInt(3) == 0) {
      e.implicitOrders = true; // declared in key order: the orders may go unsaid
    }
    if (e.fields.stream().anyMatch(f -> f.name.equals("HashAlgorithm"))) {
      // a field of that name obscures the enum in the annotations of the fields beside it
      e.fields.forEach(f -> f.hashAlgorithm = null);
    }
    e.snakeCase = r.nextInt(10) == 0;
    if (r.nextInt(15) == 0) {
      e.coldTable =
          pick(
              r,
              new String[] {table + "_c", "cold_" + table, table + "_c", table, "cold-" + table});
    }
    int constants = r.nextInt(10);
    if (constants == 0) {
      e.enumConstants = new String[] {"ONLY"};
    } else if (constants == 1) {
      e.enumConstants = new String[20];
      for (int i = 0; i < 20; i++) {
        e.enumConstants[i] = "C" + i;
      }
    } else if (constants == 2) {
      e.enumConstants = new String[] {"\u00c4", "b", "_c", "Z\u00e9"};
    }
    e.privateEnum = r.nextInt(40) == 0;
    // not in the default package, which the batch's other entities may share
    e.topLevelEnum = !e.privateEnum && !pkg.isEmpty() && r.nextInt(4) == 0;
    e.allArgs = !e.record && r.nextInt(4) == 0;
    e.extras = r.nextInt(4) == 0;
    if (r.nextInt(40) == 0) {
      e.unstoredAnnotated = !e.record && r.nextBoolean() ? "transient" : "static";
    }
    e.strayTimeSharded = !pkg.isEmpty() && r.nextInt(40) == 0;
    for (Field f : e.fields) {
      f.isGetter = (f.type == Type.BOOLEAN || f.type == Type.BOOLEAN_BOX) && r.nextBoolean();
      f.getterPair = (f.type == Type.BOOLEAN || f.type == Type.BOOLEAN_BOX) && r.nextInt(3) == 0;
    }
    if (r.nextInt(5) == 0) {
      timeSharded(r, e, used);
    }
    if (r.nextInt(40) == 0) {
      e.takenSuffix =
          e.shardBy != null && r.nextBoolean()
              ? "ShardedRepository"
              : pick(r, new String[] {"Keys", "Table", "Repository"});
      String taken = e.generated(e.takenSuffix);
      if (Arrays.asList(ANNOTATION_NAMES).contains(taken.substring(taken.lastIndexOf('.') + 1))) {
        e.takenSuffix = null; // a hand-written WideTable beside Wide would hide the annotation
      }
    }
    if (r.nextInt(8) == 0) {
      // classes of the package named like java.lang types the declaration does not use itself
      String source = e.source();
      for (int i = 0; i < 2; i++) {
        String shadow = pick(r, JAVA_LANG_NAMES);
        if (!java.util.regex.Pattern.compile("\\b" + shadow + "\\b").matcher(source).find()
            && !e.shadows.contains(shadow)
            && !shadow.equals(e.outerName())) {
          e.shadows.add(shadow);
        }
      }
    }
    if (r.nextInt(5) == 0) {
      indexes(r, e);
    }
    return e;
  }

  /** Types an index column may have in a valid index (no byte[]: Lindorm puts it last only). */
  private static final Set<Type> INDEXABLE =
      Set.of(
          Type.STRING,
          Type.LONG,
          Type.LONG_BOX,
          Type.INT,
          Type.INT_BOX,
          Type.SHORT,
          Type.BYTE,
          Type.UUID_,
          Type.ENUM,
          Type.INSTANT,
          Type.LOCAL_DATE,
          Type.LOCAL_DATE_TIME);

  /**
   * One or two indexes over hot fields, mostly valid; a sequential first column is hash-prefixed,
   * opted out or (a design error, WK102) neither; now and then a column that names no field
   * (WK306).
   */
  private static void indexes(Random r, Entity e) {
    List<Field> candidates =
        e.fields.stream()
            .filter(
                f ->
                    !f.cold
                        && !f.chunked
                        && !f.version
                        && !f.transientField
                        && INDEXABLE.contains(f.type))
            .toList();
    int count = r.nextInt(4) == 0 ? 2 : 1;
    for (int i = 0; i < count && !candidates.isEmpty(); i++) {
      List<String> columns = new ArrayList<>();
      int width = 1 + r.nextInt(Math.min(2, candidates.size()));
      List<Field> shuffled = new ArrayList<>(candidates);
      java.util.Collections.shuffle(shuffled, r);
      for (Field f : shuffled.subList(0, width)) {
        columns.add(f.name);
      }
      if (r.nextInt(12) == 0) {
        columns.add(r.nextInt(columns.size() + 1), "noSuchField");
      }
      Field first = shuffled.get(0);
      Integer hash = null;
      String reason = null;
      if (first.type.integral && columns.get(0).equals(first.name)) {
        switch (r.nextInt(3)) {
          case 0 -> hash = 1 + r.nextInt(8);
          case 1 -> reason = "values are written concurrently";
          default -> {} // WK102 on the index
        }
      } else if (r.nextInt(6) == 0) {
        hash = 4;
      }
      e.indexes.add(new IndexDecl("by_" + (char) ('a' + i), columns, hash, reason));
    }
  }

  /**
   * {@code @TimeSharded} by a time field (an attribute added if the entity has none), mostly valid,
   * sometimes by a field that is no time or does not exist, with retain and ahead at their edges.
   */
  private static void timeSharded(Random r, Entity e, Set<String> used) {
    List<Field> times = e.fields.stream().filter(f -> f.type.time() && !f.transientField).toList();
    if (r.nextInt(30) == 0) {
      e.shardBy = r.nextBoolean() ? "missing" : e.fields.get(r.nextInt(e.fields.size())).name;
    } else if (!times.isEmpty() && r.nextInt(3) > 0) {
      e.shardBy = times.get(r.nextInt(times.size())).name;
    } else {
      Field at = new Field();
      at.role = Role.ATTRIBUTE;
      at.publicField = r.nextBoolean();
      at.type =
          pick(
              r,
              new Type[] {
                Type.INSTANT,
                Type.LOCAL_DATE,
                Type.LOCAL_DATE_TIME,
                Type.OFFSET_DATE_TIME,
                Type.ZONED_DATE_TIME
              });
      at.name = name(r, used, pick(r, new String[] {"placedAt", "day", "createdAt", "at"}));
      if (e.record && RECORD_FORBIDDEN.contains(at.name)) {
        at.name = at.name + "Value"; // as the other fields were renamed (JLS 8.10.1)
      }
      e.fields.add(r.nextInt(e.fields.size() + 1), at);
      e.shardBy = at.name;
    }
    e.shardPeriod = pick(r, new String[] {"DAY", "MONTH", "YEAR"});
    e.shardRetain = r.nextInt(10) == 0 ? pick(r, new Integer[] {0, 40, 64}) : 1 + r.nextInt(3);
    if (r.nextInt(3) == 0) {
      e.shardAhead = r.nextInt(8) == 0 ? -1 : r.nextInt(3);
    }
  }

  private static String hashAlgorithm(Random r) {
    return r.nextInt(4) == 0 ? pick(r, new String[] {"MD5", "SHA1", "SHA256"}) : null;
  }

  private static Integer hashPartitions(Random r) {
    return r.nextInt(5) == 0 ? pick(r, new Integer[] {1, 4, 10, 16, 17, 4096, 0, -1}) : null;
  }

  private static int hashLength(Random r) {
    return r.nextInt(15) == 0 ? pick(r, new Integer[] {0, 33, 40, -1}) : 1 + r.nextInt(8);
  }

  private static String name(Random r, Set<String> used, String prefer) {
    for (int attempt = 0; ; attempt++) {
      String n =
          prefer != null && attempt == 0
              ? prefer
              : r.nextInt(6) == 0 ? pick(r, AWKWARD) : pick(r, NAMES);
      if (attempt > 20) {
        n = n + attempt;
      }
      // "row" and "Row" would both have getRow(); "isActive" and "active" both isActive()
      String accessor = Character.toUpperCase(n.charAt(0)) + n.substring(1);
      String other =
          accessor.length() > 2 && accessor.startsWith("Is") && Character.isUpperCase(n.charAt(2))
              ? accessor.substring(2)
              : "Is" + accessor;
      if (!used.contains(accessor) && !used.contains(other)) {
        used.add(accessor);
        used.add(other);
        return n;
      }
    }
  }

  private static Field keyField(Random r, Set<String> used, Role role, int order, boolean spliced) {
    Field f = new Field();
    f.role = role;
    f.order = order;
    f.publicField = r.nextBoolean();
    f.type = keyType(r.nextInt(100), r);
    f.name = name(r, used, null);
    boolean text = spliced && role == Role.PARTITION;
    switch (f.type) {
      case STRING -> {
        if (r.nextInt(100) < (text ? 92 : 45)) {
          // in a spliced key mostly alphabets above ',' (the last two hold ',' and '-')
          int n = text && r.nextInt(4) > 0 ? ABOVE_COMMA : ALPHABETS.length;
          f.keyChars = r.nextInt(25) == 0 ? pick(r, BAD_ALPHABETS) : ALPHABETS[r.nextInt(n)][0];
        }
        if (r.nextInt(10) < 6) {
          f.maxLength =
              r.nextInt(30) == 0
                  ? pick(r, new Integer[] {2000, Integer.MAX_VALUE, -1})
                  : r.nextInt(30) == 0 ? 0 : r.nextInt(10) == 0 ? 1 : 1 + r.nextInt(64);
          if (f.maxLength == 1 && f.alphabet() != null && minChars(f.alphabet()) > 1) {
            f.maxLength = 2; // one code point above U+FFFF is two chars
          }
        }
        if (r.nextInt(25) == 0) f.reversed = true;
      }
      case LONG,
          INT,
          LONG_BOX,
          INT_BOX,
          SHORT,
          SHORT_BOX,
          BYTE,
          BYTE_BOX,
          INSTANT,
          LOCAL_DATE,
          LOCAL_DATE_TIME,
          OFFSET_DATE_TIME,
          ZONED_DATE_TIME -> {
        if (r.nextInt(100) < (text ? 92 : 40)) {
          int digits = Long.toString(f.type.max()).length();
          // a time mostly as wide as today's values need (a narrower one is WK104)
          int least =
              r.nextInt(10) == 0 ? 1 : Math.max(1, Math.min(digits, presentDayDigits(f.type)));
          f.padWidth =
              r.nextInt(20) == 0
                  ? pick(r, new Integer[] {0, 25, digits + 1})
                  : least + r.nextInt(digits - least + 1);
          f.padSigned = r.nextInt(3) == 0;
        }
        if (f.type == Type.INSTANT || r.nextInt(6) == 0) f.sequential = r.nextInt(5) > 0;
        // @TruncatedToMillis on a time with a sub-millisecond part; on a LocalDate it is WK104
        if (f.type.time() && r.nextInt(f.type == Type.LOCAL_DATE ? 40 : 5) == 0) {
          f.truncated = true;
        }
        if (f.sequential && r.nextInt(40) == 0) f.notSequential = pick(r, REASONS); // contradicts
        if (r.nextInt(15) == 0) f.reversed = true;
      }
      default -> {}
    }
    // Lindorm's DESC: meant for integers and instants, refused elsewhere (WK113)
    if (role == Role.KEY_COLUMN && r.nextInt(f.type.integral ? 3 : 20) == 0) {
      f.descending = true;
      if (r.nextInt(4) > 0) f.padWidth = null; // a padded column has no descending form (WK113)
    }
    if (r.nextInt(40) == 0) f.cold = true;
    if (r.nextInt(60) == 0) f.buckets = 4;
    if (r.nextInt(60) == 0) f.moneyScale = 2;
    return f;
  }

  /** A key component's type, by {@code t} in 0..99: mostly key types, rarely refused ones. */
  private static Type keyType(int t, Random r) {
    if (t < 34) return Type.STRING;
    if (t < 52) return Type.LONG;
    if (t < 60) return Type.INT;
    if (t < 63) return Type.LONG_BOX;
    if (t < 65) return Type.INT_BOX;
    if (t < 67) return pick(r, new Type[] {Type.SHORT, Type.SHORT_BOX});
    if (t < 68) return pick(r, new Type[] {Type.BYTE, Type.BYTE_BOX});
    if (t < 75) return Type.UUID_;
    if (t < 83) return Type.ENUM;
    if (t < 90) {
      return pick(
          r,
          new Type[] {
            Type.INSTANT,
            Type.INSTANT,
            Type.LOCAL_DATE,
            Type.LOCAL_DATE_TIME,
            Type.OFFSET_DATE_TIME,
            Type.ZONED_DATE_TIME
          });
    }
    if (t < 96) return Type.BYTES;
    return pick(
        r,
        new Type[] {
          Type.DOUBLE,
          Type.BOOLEAN,
          Type.BIG_DECIMAL,
          Type.LIST,
          Type.FLOAT,
          Type.CHAR,
          Type.CHAR_BOX,
          Type.OPTIONAL,
          Type.BOOLEAN_BOX
        });
  }

  /** A {@code @Version} attribute: mostly a valid primitive long, sometimes not (WK208). */
  private static Field versionField(Random r, Set<String> used) {
    Field f = new Field();
    f.role = Role.ATTRIBUTE;
    f.publicField = r.nextBoolean();
    f.version = true;
    f.name = name(r, used, pick(r, new String[] {"version", "revision", "Version", "v"}));
    int t = r.nextInt(30);
    f.type = t == 0 ? Type.LONG_BOX : t == 1 ? Type.INT : Type.LONG;
    if (r.nextInt(30) == 0) {
      f.cold = true;
    }
    return f;
  }

  private static Field attribute(Random r, Set<String> used) {
    Field f = new Field();
    f.role = Role.ATTRIBUTE;
    f.publicField = r.nextBoolean();
    Type[] types = {
      Type.STRING,
      Type.STRING,
      Type.LONG,
      Type.LONG_BOX,
      Type.INT,
      Type.INT_BOX,
      Type.BOOLEAN,
      Type.DOUBLE,
      Type.BYTES,
      Type.UUID_,
      Type.ENUM,
      Type.INSTANT,
      Type.LOCAL_DATE,
      Type.LOCAL_DATE_TIME,
      Type.OFFSET_DATE_TIME,
      Type.ZONED_DATE_TIME,
      Type.BIG_DECIMAL,
      Type.BIG_DECIMAL,
      Type.SHORT,
      Type.BYTE,
      Type.SHORT_BOX,
      Type.BYTE_BOX,
      Type.FLOAT,
      Type.FLOAT_BOX,
      Type.DOUBLE_BOX,
      Type.BOOLEAN_BOX
    };
    f.type =
        r.nextInt(40) == 0
            ? pick(
                r,
                new Type[] {
                  Type.LIST, Type.CHAR, Type.CHAR_BOX, Type.OPTIONAL, Type.MAP, Type.INT_ARRAY
                })
            : pick(r, types);
    boolean money = f.type == Type.BIG_DECIMAL || (f.type == Type.DOUBLE && r.nextInt(8) == 0);
    f.name = name(r, used, money && r.nextBoolean() ? pick(r, MONEY_WORDS) : null);
    if (f.type == Type.BIG_DECIMAL && r.nextInt(10) > 0) {
      f.moneyScale = r.nextInt(12) == 0 ? pick(r, new Integer[] {-1, 20}) : r.nextInt(5);
    }
    if (r.nextInt(5) == 0) {
      f.cold = true;
      f.compress = (f.type == Type.STRING || f.type == Type.BYTES) && r.nextBoolean();
      if (r.nextInt(8) == 0) {
        // a cap of its own: ample for the fuzzer's values, or one the rules refuse
        f.inflatedCap = pick(r, new Long[] {65_536L, 2_147_483_639L, 0L, -1L, 2_147_483_640L});
      }
      if (f.type.primitive() && r.nextInt(4) > 0) {
        // a cold primitive is refused (WK204: a missing cold row has no value for it); mostly box
        f.type =
            switch (f.type) {
              case LONG -> Type.LONG_BOX;
              case INT -> Type.INT_BOX;
              case SHORT -> Type.SHORT_BOX;
              case BYTE -> Type.BYTE_BOX;
              case FLOAT -> Type.FLOAT_BOX;
              case DOUBLE -> Type.DOUBLE_BOX;
              case BOOLEAN -> Type.BOOLEAN_BOX;
              default -> f.type;
            };
        f.cold = !f.type.primitive();
      }
    }
    if ((f.type == Type.STRING || f.type == Type.BYTES) && r.nextInt(12) == 0) f.chunked = true;
    if (f.type.time() && r.nextInt(60) == 0) f.truncated = true; // not a key component: WK104
    if (r.nextInt(60) == 0) f.keyChars = "a-z";
    if (r.nextInt(60) == 0) f.padWidth = 4;
    return f;
  }

  // ---------------------------------------------------------------- random values

  /** A random value of field {@code f} that keeps every promise of its annotations. */
  static Object value(Random r, Entity e, Field f, Class<?> enumType) {
    // a null shard value is refused (WK210): the behaviour checks try that on purpose
    boolean nullable = !f.type.primitive() && !f.key() && !f.name.equals(e.shardBy);
    // an indexed field holds what a key holds, or null (no row in that index)
    boolean keyed = keyed(e, f);
    if (nullable && r.nextInt(8) == 0) {
      return null;
    }
    if (f.transientField && f.type.refused()) {
      return f.type == Type.CHAR ? (Object) 'x' : null; // a type no column holds: never stored
    }
    if (f.chunked && !keyed && LARGE_VALUES && admitsLargeValues(f) && r.nextInt(6) == 0) {
      return overTheAttributeLimit(r, f.type == Type.BYTES);
    }
    switch (f.type) {
      case STRING:
        return keyed ? keyString(r, f) : attributeString(r);
      case BOOLEAN:
      case BOOLEAN_BOX:
        return r.nextBoolean();
      case DOUBLE:
      case DOUBLE_BOX:
        return pick(
            r,
            new Double[] {
              0.0,
              -1.5,
              r.nextDouble() * 1e6,
              Double.MAX_VALUE,
              -0.0,
              1e-300,
              Double.NaN,
              Double.NEGATIVE_INFINITY,
              Double.MIN_VALUE
            });
      case FLOAT:
      case FLOAT_BOX:
        return pick(
            r,
            new Float[] {
              0f,
              -1.5f,
              r.nextFloat() * 1e6f,
              Float.MAX_VALUE,
              -0.0f,
              Float.MIN_VALUE,
              Float.NaN,
              Float.POSITIVE_INFINITY
            });
      case BYTES:
        {
          byte[] b = new byte[(keyed ? 1 : 0) + r.nextInt(6)];
          r.nextBytes(b);
          return b;
        }
      case UUID_:
        return new UUID(r.nextLong(), r.nextLong());
      case ENUM:
        {
          Object[] constants = enumType.getEnumConstants();
          return constants[r.nextInt(constants.length)];
        }
      case BIG_DECIMAL:
        // a transient one may have no @Money
        return BigDecimal.valueOf(
            r.nextInt(2_000_001) - 1_000_000L, f.moneyScale == null ? 2 : f.moneyScale);
      case INSTANT:
        {
          long millis = integral(r, f, e);
          Instant i = Instant.ofEpochMilli(millis);
          // a key keeps whole milliseconds: finer ones only where the key truncates them
          return keyed && !f.truncated ? i : i.plusNanos(r.nextInt(1_000_000));
        }
      case LOCAL_DATE:
        return LocalDate.ofEpochDay(integral(r, f, e));
      case LOCAL_DATE_TIME:
      case OFFSET_DATE_TIME:
      case ZONED_DATE_TIME:
        {
          // keys hold whole milliseconds of the instant; attributes keep nanos, offset and zone
          Instant i = Instant.ofEpochMilli(integral(r, f, e));
          if (!keyed || f.truncated) {
            i = i.plusNanos(r.nextInt(1_000_000));
          }
          ZoneId zone = pick(r, ZONES);
          return switch (f.type) {
            case LOCAL_DATE_TIME -> LocalDateTime.ofInstant(i, ZoneOffset.UTC);
            case OFFSET_DATE_TIME -> OffsetDateTime.ofInstant(i, zone);
            default -> ZonedDateTime.ofInstant(i, zone);
          };
        }
      default:
        {
          long v = integral(r, f, e);
          return switch (f.type) {
            case INT, INT_BOX -> (int) v;
            case SHORT, SHORT_BOX -> (short) v;
            case BYTE, BYTE_BOX -> (byte) v;
            case LONG, LONG_BOX -> v;
            default -> throw new IllegalArgumentException("no values of " + f.type);
          };
        }
    }
  }

  /**
   * The value a {@code @TruncatedToMillis} key component stores and reads back: whole milliseconds,
   * the finer part cut off towards the past; other values as given.
   */
  static Object truncated(Field f, Object v) {
    return f.key() ? millis(f, v) : v;
  }

  /**
   * The value a {@code @TruncatedToMillis} field's keys (the entity's, or an index's) hold: what a
   * read through that key compares, the argument truncated as the stored values are.
   */
  static Object millis(Field f, Object v) {
    if (!f.truncated || v == null) {
      return v;
    }
    java.time.temporal.ChronoUnit millis = java.time.temporal.ChronoUnit.MILLIS;
    if (v instanceof Instant i) {
      return i.truncatedTo(millis);
    } else if (v instanceof LocalDateTime l) {
      return l.truncatedTo(millis);
    } else if (v instanceof OffsetDateTime o) {
      return o.truncatedTo(millis);
    } else if (v instanceof ZonedDateTime z) {
      return z.truncatedTo(millis);
    }
    return v;
  }

  static final ZoneId[] ZONES = {
    ZoneOffset.UTC, ZoneId.of("Europe/Paris"), ZoneId.of("Asia/Kolkata"), ZoneOffset.ofHours(-12)
  };

  /**
   * The digits a time's stored number has today (the processor's {@code
   * ValueKind.presentDayDigits}, restated: the fuzzer checks it): epoch days 5, epoch milliseconds
   * 13; 0 for any other type.
   */
  static int presentDayDigits(Type type) {
    return !type.time() ? 0 : type == Type.LOCAL_DATE ? 5 : 13;
  }

  /** Whether a field's value goes into a key: the entity's, or an index's. */
  private static boolean keyed(Entity e, Field f) {
    return f.key() || e.indexes.stream().anyMatch(ix -> ix.columns().contains(f.name));
  }

  private static long integral(Random r, Field f, Entity e) {
    long lo = f.type.min();
    long hi = f.type.max();
    // padding bounds an index column's values as it bounds a key column's
    boolean keyed = keyed(e, f);
    if (keyed && f.padWidth != null && f.padWidth > 0 && f.padWidth < 19) {
      long p = pow10(f.padWidth);
      hi = Math.min(hi, p - 1);
      lo = f.padSigned ? Math.max(lo, -p) : 0;
    } else if (keyed && f.padWidth != null && !f.padSigned) {
      lo = 0;
    }
    if (f.key() && f.reversed) {
      lo = Math.max(lo, 0);
    }
    if (f.key()
        && f.padWidth == null
        && (f.reversed || e.typeHash != null || f.hashLength != null)) {
      lo = Math.max(lo, 0);
    }
    if (f.name.equals(e.shardBy)) {
      // a few periods from 2026 on (or from the lowest value the key allows), not centuries of
      // period tables
      long days =
          switch (e.shardPeriod) {
            case "DAY" -> 3;
            case "MONTH" -> 93;
            default -> 1_098;
          };
      boolean epochDays = f.type == Type.LOCAL_DATE;
      long from = epochDays ? 20_454 : 1_767_225_600_000L; // 2026-01-01
      long span = epochDays ? days : days * 86_400_000L;
      from = Math.max(lo, Math.min(from, hi - span));
      return from + (long) (r.nextDouble() * Math.min(span, (double) hi - from));
    }
    return switch (r.nextInt(6)) {
      case 0 -> lo;
      case 1 -> hi;
      case 2 -> Math.max(lo, Math.min(hi, r.nextInt(200) - 100));
      default -> lo + (long) (r.nextDouble() * ((double) hi - (double) lo));
    };
  }

  private static long pow10(int n) {
    long p = 1;
    for (int i = 0; i < n; i++) {
      p *= 10;
    }
    return p;
  }

  private static String keyString(Random r, Field f) {
    String alphabet = f.alphabet();
    int[] allowed = alphabet == null ? null : alphabet.codePoints().toArray();
    int max = f.maxLength != null && f.maxLength > 0 ? Math.min(f.maxLength, 8) : 8;
    // an alphabet of two-char code points needs room for one (generation keeps @MaxLength >= 2)
    int length = Math.max(1 + r.nextInt(max), allowed == null ? 1 : minChars(allowed));
    StringBuilder s = new StringBuilder();
    while (s.length() < length) {
      int c = allowed != null ? allowed[r.nextInt(allowed.length)] : anyCodePoint(r);
      if (s.length() + Character.charCount(c) <= length) {
        s.appendCodePoint(c); // @MaxLength counts chars
      } else if (allowed != null && minChars(allowed) > length - s.length()) {
        break; // no code point of the alphabet fits the rest
      }
    }
    return s.toString();
  }

  private static int minChars(String alphabet) {
    return minChars(alphabet.codePoints().toArray());
  }

  private static int minChars(int[] codePoints) {
    return java.util.Arrays.stream(codePoints).map(Character::charCount).min().orElse(1);
  }

  /**
   * Whether {@code @Chunked} fields sometimes get values over the attribute limit: {@code
   * -Dwidekey.fuzz.largeValues=false} leaves them out (each costs megabytes per read).
   */
  static final boolean LARGE_VALUES =
      Boolean.parseBoolean(System.getProperty("widekey.fuzz.largeValues", "true"));

  /**
   * Whether a value over the attribute limit keeps the field's promises: a compressed column's own
   * inflate cap ({@code maxInflatedBytes = 65536}) refuses it (WK203), as it should.
   */
  private static boolean admitsLargeValues(Field f) {
    return !f.compress
        || f.inflatedCap == null
        || f.inflatedCap <= 0
        || f.inflatedCap > LARGEST_LARGE_VALUE;
  }

  /** The stores' attribute limit (every profile's), which {@link #overTheAttributeLimit} passes. */
  private static final int ATTRIBUTE_LIMIT = StoreLimits.DEFAULT.maxAttributeBytes();

  /** How far past {@link #ATTRIBUTE_LIMIT} a large value goes at most. */
  private static final int LARGE_VALUE_SLACK = 64 * 1024;

  /** The least length of the block a large text value repeats. */
  private static final int LARGE_TEXT_BLOCK = 1024;

  /**
   * The most UTF-8 bytes {@link #overTheAttributeLimit} returns: the size, one block more (a block
   * is at most {@link #LARGE_TEXT_BLOCK} plus one piece of 8 chars), 4 bytes a char at worst.
   */
  private static final long LARGEST_LARGE_VALUE =
      4L * (ATTRIBUTE_LIMIT + LARGE_VALUE_SLACK + 2L * LARGE_TEXT_BLOCK);

  /**
   * A {@code @Chunked} value just over the stores' 2 MB attribute limit (by up to 64 KiB), so that
   * its write stores chunk rows: text of a random block repeated (some of it outside ASCII), or
   * bytes.
   */
  private static Object overTheAttributeLimit(Random r, boolean bytes) {
    int size = ATTRIBUTE_LIMIT + 1 + r.nextInt(LARGE_VALUE_SLACK);
    if (bytes) {
      byte[] b = new byte[size];
      r.nextBytes(b);
      return b;
    }
    StringBuilder block = new StringBuilder();
    while (block.length() < LARGE_TEXT_BLOCK) {
      block.append(r.nextInt(4) == 0 ? "\u00e9\ud83d\ude00" : "abcdefgh".substring(r.nextInt(8)));
    }
    StringBuilder out = new StringBuilder(size);
    while (out.length() < size) {
      out.append(block);
    }
    return out.toString();
  }

  private static String attributeString(Random r) {
    StringBuilder s = new StringBuilder();
    int length = r.nextInt(12);
    for (int i = 0; i < length; i++) {
      s.appendCodePoint(anyCodePoint(r));
    }
    return s.toString();
  }

  private static int anyCodePoint(Random r) {
    return switch (r.nextInt(5)) {
      case 0 -> 0x20 + r.nextInt(0x5f);
      case 1 -> 'a' + r.nextInt(26);
      case 2 -> 0xa0 + r.nextInt(0xd000);
      case 3 -> 0x1f600 + r.nextInt(50);
      default -> new int[] {0, ',', ':', 0x7f, 0xffff, 0xe000, '\\', '"'}[r.nextInt(8)];
    };
  }

  // ---------------------------------------------------------------- key order

  /** Compares key values as the stores order their encodings, in a design that keeps order. */
  static int compareKeyValue(Object a, Object b) {
    if (a instanceof String x) {
      return compareBytes(x.getBytes(StandardCharsets.UTF_8), ((String) b).getBytes(UTF8));
    }
    if (a instanceof byte[] x) {
      return compareBytes(x, (byte[]) b);
    }
    if (a instanceof Enum<?> x) {
      return compareKeyValue(x.name(), ((Enum<?>) b).name());
    }
    if (a instanceof UUID x) {
      return compareKeyValue(x.toString(), b.toString());
    }
    if (a instanceof Instant x) {
      return x.compareTo((Instant) b); // exactly: a range bound may be finer than a key
    }
    if (a instanceof OffsetDateTime x) {
      return x.toInstant().compareTo(((OffsetDateTime) b).toInstant());
    }
    if (a instanceof ZonedDateTime x) {
      return x.toInstant().compareTo(((ZonedDateTime) b).toInstant());
    }
    if (a instanceof LocalDate x) {
      return x.compareTo((LocalDate) b);
    }
    if (a instanceof LocalDateTime x) {
      return x.compareTo((LocalDateTime) b);
    }
    return Long.compare(((Number) a).longValue(), ((Number) b).longValue());
  }

  private static final java.nio.charset.Charset UTF8 = StandardCharsets.UTF_8;

  private static int compareBytes(byte[] a, byte[] b) {
    return Arrays.compareUnsigned(a, b);
  }

  static boolean deepEquals(Object a, Object b) {
    if (a instanceof BigDecimal x && b instanceof BigDecimal y) {
      return x.compareTo(y) == 0;
    }
    // a key keeps the instant, not the offset or zone: it decodes in UTC (attributes keep both)
    if (a instanceof OffsetDateTime x && b instanceof OffsetDateTime y) {
      return x.isEqual(y);
    }
    if (a instanceof ZonedDateTime x && b instanceof ZonedDateTime y) {
      return x.isEqual(y);
    }
    return java.util.Objects.deepEquals(a, b);
  }

  static String show(Object v) {
    if (v instanceof byte[] b) {
      return Arrays.toString(b);
    }
    if (v instanceof String s) {
      return javaString(s);
    }
    return String.valueOf(v);
  }

  // ---------------------------------------------------------------- source helpers

  static String javaString(String s) {
    StringBuilder b = new StringBuilder("\"");
    for (char c : s.toCharArray()) {
      b.append(escape(c, '"'));
    }
    return b.append('"').toString();
  }

  static String javaChar(char c) {
    return "'" + escape(c, '\'') + "'";
  }

  private static String escape(char c, char quote) {
    if (c == quote || c == '\\') {
      return "\\" + c;
    }
    if (c < 0x20 || c > 0x7e) {
      return String.format("\\u%04x", (int) c);
    }
    return String.valueOf(c);
  }

  static <T> T pick(Random r, T[] options) {
    return options[r.nextInt(options.length)];
  }
}
