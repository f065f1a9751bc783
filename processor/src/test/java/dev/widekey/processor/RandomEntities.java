package dev.widekey.processor;

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
    LIST("java.util.List<String>", false);

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
          || this == DOUBLE;
    }

    /** Largest value of an integral type (instants: epoch millis kept well inside Instant). */
    long max() {
      return switch (this) {
        case INT, INT_BOX -> Integer.MAX_VALUE;
        case SHORT -> Short.MAX_VALUE;
        case BYTE -> Byte.MAX_VALUE;
        case INSTANT, LOCAL_DATE_TIME, OFFSET_DATE_TIME, ZONED_DATE_TIME -> 9_999_999_999_999L;
        case LOCAL_DATE -> 365_241_780_471L; // LocalDate.MAX.toEpochDay()
        default -> Long.MAX_VALUE;
      };
    }

    long min() {
      return switch (this) {
        case INT, INT_BOX -> Integer.MIN_VALUE;
        case SHORT -> Short.MIN_VALUE;
        case BYTE -> Byte.MIN_VALUE;
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

  /** Alphabets for {@code @KeyChars} and the characters each one holds. */
  static final String[][] ALPHABETS = {
    {"a-z", "abcdefghijklmnopqrstuvwxyz"},
    {"a-z0-9", "abcdefghijklmnopqrstuvwxyz0123456789"},
    {"0-9A-Z", "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"},
    {"A-Z", "ABCDEFGHIJKLMNOPQRSTUVWXYZ"},
    {"0-9", "0123456789"},
    {"a-f", "abcdef"},
    {"a-zA-Z0-9_-", "abcxyzABCXYZ0123456789_-"},
    {"!-~", "!\"#$%&'()*+,-./09:;<=>?@AZ[\\]^_`az{|}~"},
  };

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
  };

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
    "WideTable"
  };

  /** Reasons for {@code @NotSequential}; the blank one is a design error (WK102). */
  static final String[] REASONS = {
    "many devices write at the same time", "ids are random", "cards pay concurrently", " "
  };

  /** Times to live: never, valid on every profile, valid off Tablestore only, and invalid. */
  static final long[] TTLS = {-1, 86_400, 604_800, 2_592_000, 3_600, 60, 0, -5};

  /** Where the entity is declared; the last two are shape errors (WK100). */
  enum Nesting {
    TOP_LEVEL,
    /** A public static member (or member record) of a public top-level class. */
    STATIC_MEMBER,
    PRIVATE_MEMBER,
    /** A non-static member class: needs an enclosing instance. */
    INNER
  }

  static final String[] MONEY_WORDS = {"price", "amount", "cost", "fee", "balance"};

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
      if (reversed) add.accept(f -> f.reversed = false);
      if (sequential) add.accept(f -> f.sequential = false);
      if (notSequential != null) add.accept(f -> f.notSequential = null);
      if (moneyScale != null) add.accept(f -> f.moneyScale = null);
      if (cold) add.accept(f -> f.cold = false);
      if (compress) add.accept(f -> f.compress = false);
      if (chunked) add.accept(f -> f.chunked = false);
      if (version) add.accept(f -> f.version = false);
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
      if (role == Role.KEY_COLUMN) a.add("@KeyColumn" + ordered);
      if (padWidth != null) {
        a.add("@Padded(width = " + padWidth + (padSigned ? ", signed = true)" : ")"));
      }
      if (keyChars != null) a.add("@KeyChars(" + javaString(keyChars) + ")");
      if (maxLength != null) a.add("@MaxLength(" + maxLength + ")");
      if (hashLength != null) a.add("@HashPrefix(length = " + hashLength + ")");
      if (reversed) a.add("@Reversed");
      if (sequential) a.add("@Sequential");
      if (notSequential != null)
        a.add("@NotSequential(reason = " + javaString(notSequential) + ")");
      if (moneyScale != null) a.add("@Money(scale = " + moneyScale + ")");
      if (cold) a.add(compress ? "@ColdColumn(compress = true)" : "@ColdColumn");
      if (chunked) a.add("@Chunked");
      if (version) a.add("@Version");
      if (buckets != null) a.add("@Bucketed(buckets = " + buckets + ")");
      return a;
    }
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

    private String qualified(String simple) {
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
      return f.type == Type.ENUM ? enumName : f.type.source;
    }

    String source() {
      return source(true);
    }

    private String source(boolean withImports) {
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
          if (declaration.contains("@" + a) || declaration.contains(a + ".")) {
            s.append("import dev.widekey.annotations.").append(a).append(";\n");
          }
        }
      }
      s.append('\n');
      if (nesting != Nesting.TOP_LEVEL) {
        s.append("@SuppressWarnings(\"all\")\npublic class ").append(outerName()).append(" {\n");
      }
      if (typeHash != null) {
        s.append("@HashPrefix(length = ").append(typeHash).append(")\n");
      }
      s.append("@WideTable(name = ").append(javaString(table));
      if (delimiter != null) {
        s.append(", delimiter = ").append(javaChar(delimiter));
      }
      if (profile != null) {
        s.append(", profile = Profile.").append(profile);
      }
      if (ttlSeconds != null) {
        s.append(", ttlSeconds = ").append(ttlSeconds);
      }
      s.append(")\n");
      s.append("@SuppressWarnings(\"all\")\n");
      String modifiers =
          switch (nesting) {
            case TOP_LEVEL, INNER -> "public ";
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
      } else {
        s.append(modifiers).append("class ").append(name).append(" {\n");
        for (Field f : fields) {
          s.append("  ");
          for (String a : f.annotations(implicitOrders)) {
            s.append(a).append(' ');
          }
          s.append(f.publicField ? "public " : "private ");
          s.append(typeSource(f)).append(' ').append(f.name).append(";\n");
        }
        s.append("  public ").append(name).append("() {}\n");
        for (Field f : fields) {
          if (f.publicField) {
            continue;
          }
          String cap = Character.toUpperCase(f.name.charAt(0)) + f.name.substring(1);
          String t = typeSource(f);
          s.append("  public ")
              .append(t)
              .append(" get")
              .append(cap)
              .append("() { return this.")
              .append(f.name)
              .append("; }\n");
          s.append("  public void set")
              .append(cap)
              .append('(')
              .append(t)
              .append(" v) { this.")
              .append(f.name)
              .append(" = v; }\n");
        }
      }
      if (fields.stream().anyMatch(f -> f.type == Type.ENUM)) {
        s.append("  public enum ").append(enumName).append(" { A, B, C }\n");
      }
      s.append("}\n");
      if (nesting != Nesting.TOP_LEVEL) {
        s.append("}\n");
      }
      return s.toString();
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
            : nesting == 12 ? Nesting.PRIVATE_MEMBER : nesting == 13 ? Nesting.INNER : e.nesting;
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
      } else if (!lead.reversed) {
        lead.hashLength = hashLength(r);
      }
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
    return e;
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
      // "row" and "Row" would both have getRow()
      String accessor = Character.toUpperCase(n.charAt(0)) + n.substring(1);
      if (used.add(accessor)) {
        return n;
      }
    }
  }

  private static Field keyField(Random r, Set<String> used, Role role, int order, boolean spliced) {
    Field f = new Field();
    f.role = role;
    f.order = order;
    f.publicField = r.nextBoolean();
    int t = r.nextInt(100);
    f.type =
        t < 34
            ? Type.STRING
            : t < 52
                ? Type.LONG
                : t < 60
                    ? Type.INT
                    : t < 63
                        ? Type.LONG_BOX
                        : t < 65
                            ? Type.INT_BOX
                            : t < 67
                                ? Type.SHORT
                                : t < 68
                                    ? Type.BYTE
                                    : t < 75
                                        ? Type.UUID_
                                        : t < 83
                                            ? Type.ENUM
                                            : t < 90
                                                ? pick(
                                                    r,
                                                    new Type[] {
                                                      Type.INSTANT,
                                                      Type.INSTANT,
                                                      Type.LOCAL_DATE,
                                                      Type.LOCAL_DATE_TIME,
                                                      Type.OFFSET_DATE_TIME,
                                                      Type.ZONED_DATE_TIME
                                                    })
                                                : t < 96
                                                    ? Type.BYTES
                                                    : pick(
                                                        r,
                                                        new Type[] {
                                                          Type.DOUBLE, Type.BOOLEAN,
                                                          Type.BIG_DECIMAL, Type.LIST
                                                        });
    f.name = name(r, used, null);
    boolean text = spliced && role == Role.PARTITION;
    switch (f.type) {
      case STRING -> {
        if (r.nextInt(100) < (text ? 92 : 45)) {
          // in a spliced key mostly alphabets above ',' (the last two hold ',' and '-')
          int n = text && r.nextInt(4) > 0 ? ALPHABETS.length - 2 : ALPHABETS.length;
          f.keyChars = ALPHABETS[r.nextInt(n)][0];
        }
        if (r.nextInt(10) < 6) {
          f.maxLength = r.nextInt(30) == 0 ? 2000 : r.nextInt(30) == 0 ? 0 : 1 + r.nextInt(64);
        }
        if (r.nextInt(25) == 0) f.reversed = true;
      }
      case LONG,
          INT,
          LONG_BOX,
          INT_BOX,
          SHORT,
          BYTE,
          INSTANT,
          LOCAL_DATE,
          LOCAL_DATE_TIME,
          OFFSET_DATE_TIME,
          ZONED_DATE_TIME -> {
        if (r.nextInt(100) < (text ? 92 : 40)) {
          int digits = Long.toString(f.type.max()).length();
          f.padWidth =
              r.nextInt(20) == 0
                  ? pick(r, new Integer[] {0, 25, digits + 1})
                  : 1 + r.nextInt(digits);
          f.padSigned = r.nextInt(3) == 0;
        }
        if (f.type == Type.INSTANT || r.nextInt(6) == 0) f.sequential = r.nextInt(5) > 0;
        if (f.sequential && r.nextInt(40) == 0) f.notSequential = pick(r, REASONS); // contradicts
        if (r.nextInt(15) == 0) f.reversed = true;
      }
      default -> {}
    }
    if (r.nextInt(40) == 0) f.cold = true;
    if (r.nextInt(60) == 0) f.buckets = 4;
    if (r.nextInt(60) == 0) f.moneyScale = 2;
    return f;
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
      Type.BYTE
    };
    f.type = r.nextInt(40) == 0 ? Type.LIST : pick(r, types);
    boolean money = f.type == Type.BIG_DECIMAL || (f.type == Type.DOUBLE && r.nextInt(8) == 0);
    f.name = name(r, used, money && r.nextBoolean() ? pick(r, MONEY_WORDS) : null);
    if (f.type == Type.BIG_DECIMAL && r.nextInt(10) > 0) {
      f.moneyScale = r.nextInt(12) == 0 ? pick(r, new Integer[] {-1, 20}) : r.nextInt(5);
    }
    if (r.nextInt(5) == 0) {
      f.cold = true;
      f.compress = (f.type == Type.STRING || f.type == Type.BYTES) && r.nextBoolean();
      if (f.type.primitive() && r.nextInt(4) > 0) {
        // a cold primitive is refused (WK204: a missing cold row has no value for it); mostly box
        f.type = f.type == Type.LONG ? Type.LONG_BOX : f.type == Type.INT ? Type.INT_BOX : f.type;
        f.cold = !f.type.primitive();
      }
    }
    if ((f.type == Type.STRING || f.type == Type.BYTES) && r.nextInt(12) == 0) f.chunked = true;
    if (r.nextInt(60) == 0) f.keyChars = "a-z";
    if (r.nextInt(60) == 0) f.padWidth = 4;
    return f;
  }

  // ---------------------------------------------------------------- random values

  /** A random value of field {@code f} that keeps every promise of its annotations. */
  static Object value(Random r, Entity e, Field f, Class<?> enumType) {
    boolean nullable = !f.type.primitive() && !f.key();
    if (nullable && r.nextInt(8) == 0) {
      return null;
    }
    switch (f.type) {
      case STRING:
        return f.key() ? keyString(r, f) : attributeString(r);
      case BOOLEAN:
        return r.nextBoolean();
      case DOUBLE:
        return pick(
            r, new Double[] {0.0, -1.5, r.nextDouble() * 1e6, Double.MAX_VALUE, -0.0, 1e-300});
      case BYTES:
        {
          byte[] b = new byte[(f.key() ? 1 : 0) + r.nextInt(6)];
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
        return BigDecimal.valueOf(r.nextInt(2_000_001) - 1_000_000L, f.moneyScale);
      case INSTANT:
        {
          long millis = integral(r, f, e);
          Instant i = Instant.ofEpochMilli(millis);
          return f.key() ? i : i.plusNanos(r.nextInt(1_000_000));
        }
      case LOCAL_DATE:
        return LocalDate.ofEpochDay(integral(r, f, e));
      case LOCAL_DATE_TIME:
      case OFFSET_DATE_TIME:
      case ZONED_DATE_TIME:
        {
          // keys hold whole milliseconds of the instant; attributes keep nanos, offset and zone
          Instant i = Instant.ofEpochMilli(integral(r, f, e));
          if (!f.key()) {
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
            case SHORT -> (short) v;
            case BYTE -> (byte) v;
            default -> v;
          };
        }
    }
  }

  static final ZoneId[] ZONES = {
    ZoneOffset.UTC, ZoneId.of("Europe/Paris"), ZoneId.of("Asia/Kolkata"), ZoneOffset.ofHours(-12)
  };

  private static long integral(Random r, Field f, Entity e) {
    long lo = f.type.min();
    long hi = f.type.max();
    if (f.key() && f.padWidth != null && f.padWidth > 0 && f.padWidth < 19) {
      long p = pow10(f.padWidth);
      hi = Math.min(hi, p - 1);
      lo = f.padSigned ? Math.max(lo, -p) : 0;
    } else if (f.key() && f.padWidth != null && !f.padSigned) {
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
    int max = f.maxLength != null && f.maxLength > 0 ? Math.min(f.maxLength, 8) : 8;
    int length = 1 + r.nextInt(max);
    StringBuilder s = new StringBuilder();
    while (s.length() < length) {
      if (alphabet != null) {
        s.append(alphabet.charAt(r.nextInt(alphabet.length())));
      } else {
        int c = anyCodePoint(r);
        if (s.length() + Character.charCount(c) <= length) {
          s.appendCodePoint(c); // @MaxLength counts chars
        }
      }
    }
    return s.toString();
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
      return Long.compare(x.toEpochMilli(), ((Instant) b).toEpochMilli());
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
