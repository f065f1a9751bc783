package dev.widekey.runtime.layout;

import static dev.widekey.core.RuleViolationException.quote;

import dev.widekey.annotations.HashAlgorithm;
import dev.widekey.annotations.Profile;
import dev.widekey.core.Rule;
import dev.widekey.core.key.InvalidKeyException;
import dev.widekey.core.key.KeyAlphabet;
import dev.widekey.core.layout.ColumnSource;
import dev.widekey.core.layout.KeyColumnLayout;
import dev.widekey.core.layout.KeyPartLayout;
import dev.widekey.core.layout.TableLayout;
import dev.widekey.core.layout.TableRole;
import dev.widekey.core.store.PkType;
import dev.widekey.runtime.key.KeyBuckets;
import dev.widekey.runtime.key.KeyHash;
import dev.widekey.runtime.key.KeyParts;
import dev.widekey.runtime.key.KeyText;
import dev.widekey.runtime.key.KeyValues;
import dev.widekey.runtime.key.Padding;
import dev.widekey.runtime.repository.ChunkRows;
import dev.widekey.runtime.repository.ColdRows;
import dev.widekey.runtime.repository.IndexTable;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;

/**
 * A primary-key codec that interprets a {@link TableLayout} at run time, byte for byte what the
 * generated {@code FooKeys} of the build that wrote the layout does: the re-keying job decodes an
 * old table's keys with the committed old layout, which the new build's {@code FooKeys} no longer
 * can. Every rule check of the generated code is made here too, with the same rule ids and the same
 * runtime primitives ({@link KeyText}, {@link Padding}, {@link KeyHash}, {@link KeyParts}, {@link
 * KeyValues}, {@link KeyBuckets}, {@link KeyAlphabet}).
 *
 * <p>Key values are given and returned by component name, in key order, as these types:
 *
 * <table>
 *   <caption>value types by {@link KeyPartLayout#kind()}</caption>
 *   <tr><th>kind</th><th>{@link #decode} returns</th><th>{@link #encode} accepts</th></tr>
 *   <tr><td>{@code STRING}</td><td>{@link String}</td><td>{@link String}</td></tr>
 *   <tr><td>{@code LONG}, {@code INT}, {@code SHORT}, {@code BYTE}</td><td>{@link Long} (within
 *       the kind's range)</td><td>{@link Long}, {@link Integer}, {@link Short}, {@link Byte}
 *       (refused with WK104 outside the kind's range)</td></tr>
 *   <tr><td>{@code INSTANT}, {@code LOCAL_DATE_TIME}, {@code OFFSET_DATE_TIME}, {@code
 *       ZONED_DATE_TIME}</td><td>{@link Long}: epoch milliseconds (a local date-time's read as if
 *       in UTC)</td><td>the same {@link Long}, or the kind's {@code java.time} value (checked by
 *       {@link KeyValues}: no sub-millisecond part, unless the part is {@link
 *       KeyPartLayout#truncated()}, whose value is truncated to whole milliseconds)</td></tr>
 *   <tr><td>{@code LOCAL_DATE}</td><td>{@link Long}: the epoch day</td><td>the same {@link Long}
 *       (within {@link LocalDate}'s range), or a {@link LocalDate}</td></tr>
 *   <tr><td>{@code UUID}</td><td>{@link UUID}</td><td>{@link UUID}</td></tr>
 *   <tr><td>{@code ENUM}</td><td>{@link String}: the constant's name</td><td>{@link String} or an
 *       {@link Enum} (its {@code name()})</td></tr>
 *   <tr><td>{@code BYTES}</td><td>{@code byte[]} (a fresh copy)</td><td>{@code byte[]}</td></tr>
 * </table>
 *
 * <p>Key columns that hold no component are carried through as their stored value under a reserved
 * name: an index table's trailing {@link ColumnSource#INDEX_REF} column as {@code byte[]} under
 * {@value #REF} ({@link IndexTable#REF_COLUMN}), a cold or chunk table's {@link
 * ColumnSource#WRITE_TAG} as {@link Long} under {@value #TAG} and a chunk table's {@link
 * ColumnSource#CHUNK_PART} as {@link Long} under {@value #PART}.
 *
 * <p>Decoding is canonical, as the generated decoder's: the key's shape is checked first ({@link
 * KeyParts#requireShape}), and the decoded values must encode back to exactly the stored key
 * ({@link KeyParts#requireCanonical}), so a key this layout never wrote is an {@link
 * InvalidKeyException} naming the field and the rule, never a wrong value. One limit: the layout
 * does not list an enum's constants, so an {@code ENUM} name is only checked to be a Java
 * identifier unless the enum type is given with {@link #withEnum}; without it, a name no constant
 * has is refused only when the caller converts it ({@code Enum.valueOf}).
 *
 * <pre>{@code
 * LayoutKeyCodec old = new LayoutKeyCodec(LayoutText.parse(committedOrdersLayout));
 * Map<String, Object> values = old.decode(storedKey);   // {orderNumber=200004}
 * long orderNumber = (Long) values.get("orderNumber");
 * PrimaryKey again = old.encode(values);                 // equals storedKey
 * }</pre>
 *
 * <p>Instances are immutable and thread-safe.
 */
public final class LayoutKeyCodec {
  /** The name an index table's reference column is carried under: {@code byte[]}. */
  public static final String REF = IndexTable.REF_COLUMN;

  /** The name a cold or chunk table's write tag is carried under: {@link Long}. */
  public static final String TAG = ColdRows.TAG;

  /** The name a chunk table's part number is carried under: {@link Long}. */
  public static final String PART = ChunkRows.PART;

  /** The kinds a key component may have ({@link KeyPartLayout#kind()}). */
  private enum Kind {
    STRING,
    LONG,
    INT,
    SHORT,
    BYTE,
    BYTES,
    UUID,
    ENUM,
    INSTANT,
    LOCAL_DATE_TIME,
    OFFSET_DATE_TIME,
    ZONED_DATE_TIME,
    LOCAL_DATE;

    /** Stored as a long: a number or a time's epoch number. */
    boolean integral() {
      return this != STRING && this != BYTES && this != UUID && this != ENUM;
    }

    /** A time stored as epoch milliseconds. */
    boolean millis() {
      return this == INSTANT
          || this == LOCAL_DATE_TIME
          || this == OFFSET_DATE_TIME
          || this == ZONED_DATE_TIME;
    }

    /** The least value of a plain number kind. */
    long min() {
      return switch (this) {
        case INT -> Integer.MIN_VALUE;
        case SHORT -> Short.MIN_VALUE;
        case BYTE -> Byte.MIN_VALUE;
        default -> Long.MIN_VALUE;
      };
    }

    /** The greatest value of a plain number kind. */
    long max() {
      return switch (this) {
        case INT -> Integer.MAX_VALUE;
        case SHORT -> Short.MAX_VALUE;
        case BYTE -> Byte.MAX_VALUE;
        default -> Long.MAX_VALUE;
      };
    }
  }

  /** One component, compiled. */
  private record Part(
      String name,
      Kind kind,
      int padWidth,
      boolean padSigned,
      boolean reversed,
      KeyAlphabet alphabet,
      int maxLength,
      boolean spliced,
      char delimiter,
      boolean truncated) {}

  /** One key column, compiled. */
  private record Column(
      KeyColumnLayout layout,
      String name,
      PkType type,
      ColumnSource source,
      List<Part> parts,
      HashAlgorithm hash,
      int hashLength,
      int hashCovers, // index of the hashed part, or -1: the whole text
      KeyBuckets buckets,
      String carried) {}

  private final TableLayout layout;
  private final Profile profile; // whose key-column limit a length rejection quotes
  private final List<PkColumn> schema;
  private final List<Column> columns;
  private final List<String> names;
  private final Map<String, Class<? extends Enum<?>>> enums;

  /**
   * Compiles a layout.
   *
   * @throws IllegalArgumentException if the layout is one this codec cannot interpret: an unknown
   *     kind or hash algorithm, a column whose type does not hold its parts, padding on a kind that
   *     is not a number, a bucket and a hash prefix on one column, a column source other than
   *     COMPONENT or TEXT in a HOT table's key (INDEX_REF only as an INDEX table's last column,
   *     WRITE_TAG only in a COLD or CHUNKS table, CHUNK_PART only in a CHUNKS table), a name used
   *     twice
   */
  public LayoutKeyCodec(TableLayout layout) {
    this.layout = Objects.requireNonNull(layout, "layout");
    if (layout.key().isEmpty()) {
      throw bad("has no key columns");
    }
    this.profile = profileOf(layout);
    List<PkColumn> schema = new ArrayList<>();
    List<Column> columns = new ArrayList<>();
    List<String> names = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < layout.key().size(); i++) {
      KeyColumnLayout c = layout.key().get(i);
      if (c == null || c.name() == null || c.type() == null || c.source() == null) {
        throw bad("key column " + i + " lacks its name, type or source");
      }
      Column column = compile(c, i == layout.key().size() - 1);
      schema.add(new PkColumn(c.name(), c.type()));
      columns.add(column);
      List<String> held = new ArrayList<>();
      if (column.carried() != null) {
        held.add(column.carried());
      }
      for (Part p : column.parts()) {
        held.add(p.name());
      }
      for (String n : held) {
        if (!seen.add(n)) {
          throw bad("names " + quote(n) + " twice");
        }
        names.add(n);
      }
    }
    this.schema = List.copyOf(schema);
    this.columns = List.copyOf(columns);
    this.names = List.copyOf(names);
    this.enums = Map.of();
  }

  private LayoutKeyCodec(LayoutKeyCodec codec, Map<String, Class<? extends Enum<?>>> enums) {
    this.layout = codec.layout;
    this.profile = codec.profile;
    this.schema = codec.schema;
    this.columns = codec.columns;
    this.names = codec.names;
    this.enums = Map.copyOf(enums);
  }

  /**
   * This codec, with the constants of {@code ENUM} component {@code component} known: a name that
   * is not one of {@code type}'s constants is then refused exactly as the generated codec refuses
   * it ({@code KeyParts.parseEnum}, WK112), in both directions. Values stay names ({@link String}).
   *
   * <pre>{@code codec = codec.withEnum("kind", HashedEvent.Kind.class);}</pre>
   *
   * @throws IllegalArgumentException if the layout has no {@code ENUM} component of that name
   */
  public LayoutKeyCodec withEnum(String component, Class<? extends Enum<?>> type) {
    Objects.requireNonNull(type, "type");
    boolean found = false;
    for (Column c : columns) {
      for (Part p : c.parts()) {
        found |= p.name().equals(component) && p.kind() == Kind.ENUM;
      }
    }
    if (!found) {
      throw new IllegalArgumentException(
          "table " + layout.table() + " has no ENUM key component " + quote(component));
    }
    Map<String, Class<? extends Enum<?>>> more = new LinkedHashMap<>(enums);
    more.put(component, type);
    return new LayoutKeyCodec(this, more);
  }

  /** As {@link #LayoutKeyCodec(TableLayout)}. */
  public static LayoutKeyCodec of(TableLayout layout) {
    return new LayoutKeyCodec(layout);
  }

  /** The layout this codec interprets. */
  public TableLayout layout() {
    return layout;
  }

  /** The primary-key columns the layout's keys have, as the generated {@code FooTable} lists. */
  public List<PkColumn> schema() {
    return schema;
  }

  /**
   * The names of the values {@link #decode} returns and {@link #encode} takes, in key order: the
   * components, and {@value #REF}, {@value #TAG} or {@value #PART} where the key holds such a
   * column.
   */
  public List<String> names() {
    return names;
  }

  /**
   * The key values of a stored key, by name in key order (a {@link LinkedHashMap} of its own).
   *
   * @throws InvalidKeyException if the layout did not write the key: WK112 for another shape or a
   *     key that is not the encoding of its values, else the rule its text breaks (WK104 padding or
   *     number, WK105 parts or characters, WK106 hash prefix or bucket)
   */
  public Map<String, Object> decode(PrimaryKey key) {
    Objects.requireNonNull(key, "key");
    KeyParts.requireShape(key, schema);
    Map<String, Object> values = new LinkedHashMap<>();
    for (int i = 0; i < columns.size(); i++) {
      Column c = columns.get(i);
      PkValue v = key.get(i);
      switch (c.source()) {
        case TEXT -> decodeText(c, v.asString(), values);
        case COMPONENT -> {
          Part p = c.parts().get(0);
          values.put(
              p.name(),
              switch (c.type()) {
                case STRING -> fromText(p, v.asString());
                case BINARY -> v.asBinary();
                case INTEGER -> fromLong(p, c.layout().descending() ? ~v.asLong() : v.asLong());
              });
        }
        default -> values.put(c.carried(), c.type() == PkType.BINARY ? v.asBinary() : v.asLong());
      }
    }
    KeyParts.requireCanonical(schema, key, () -> encode(values));
    return values;
  }

  private void decodeText(Column c, String stored, Map<String, Object> values) {
    String unprefixed = stored;
    if (c.buckets() != null) {
      // the bucket is checked against the values by the canonical re-encoding (WK112)
      unprefixed = c.buckets().strip(c.name(), stored);
    } else if (c.hash() != null && c.hashCovers() < 0) {
      unprefixed = KeyHash.strip(c.name(), stored, c.hash(), c.hashLength());
    } else if (c.hash() != null) {
      unprefixed = KeyParts.afterHashPrefix(c.name(), stored, c.hashLength());
    }
    int n = c.parts().size();
    String[] texts =
        n > 1
            ? KeyText.split(c.name(), unprefixed, c.layout().delimiter(), n)
            : new String[] {unprefixed};
    if (c.hash() != null && c.hashCovers() >= 0) {
      KeyParts.checkHashPrefix(c.name(), stored, c.hash(), c.hashLength(), texts[c.hashCovers()]);
    }
    for (int j = 0; j < n; j++) {
      Part p = c.parts().get(j);
      values.put(p.name(), fromText(p, texts[j]));
    }
  }

  /** A component's value from its key text. */
  private Object fromText(Part p, String text) {
    String t = text;
    if (p.reversed()) {
      // a stored unpaired surrogate is the typed WK105 its encoder would have raised
      t = KeyText.reverse(KeyText.requireWellFormed(p.name(), text));
    }
    return switch (p.kind()) {
      case STRING -> t;
      case UUID -> KeyValues.parseUuid(p.name(), t);
      case ENUM -> enumName(p.name(), t, true);
      case BYTES -> throw new AssertionError("BYTES is never text");
      default -> {
        long number =
            p.padWidth() > 0
                ? Padding.decode(p.name(), t, p.padWidth(), p.padSigned())
                : KeyParts.parseLong(p.name(), t);
        yield fromLong(p, number);
      }
    };
  }

  /** A component's value from the number it is stored as. */
  private static Long fromLong(Part p, long number) {
    switch (p.kind()) {
      case INT, SHORT, BYTE -> KeyParts.narrow(p.name(), number, p.kind().min(), p.kind().max());
      case LOCAL_DATE -> KeyValues.epochDayToLocalDate(p.name(), number);
      default -> {}
    }
    return number;
  }

  /**
   * The primary key of these key values, by name ({@link #names()}); a missing or null value is
   * refused as the generated encoder refuses a null (WK111).
   *
   * @throws InvalidKeyException if a value breaks a rule of the layout, as the generated encoder
   *     refuses it: WK111 null, WK104 padding, number range or time precision, WK105 characters
   *     (alphabet, delimiter, unpaired surrogate), WK109 length; WK112 an enum name that is not a
   *     Java identifier
   * @throws IllegalArgumentException if a value is of a type its kind does not take, or a name is
   *     not one of {@link #names()}
   */
  public PrimaryKey encode(Map<String, ?> values) {
    Objects.requireNonNull(values, "values");
    for (String n : values.keySet()) {
      if (!names.contains(n)) {
        throw new IllegalArgumentException(
            "table "
                + layout.table()
                + " has no key value named "
                + quote(n)
                + "; its are "
                + names);
      }
    }
    List<PkValue> out = new ArrayList<>(columns.size());
    for (Column c : columns) {
      switch (c.source()) {
        case TEXT -> out.add(PkValue.ofString(encodeText(c, values)));
        case COMPONENT -> {
          Part p = c.parts().get(0);
          Object v = KeyText.requireNonNull(p.name(), values.get(p.name()));
          out.add(
              switch (c.type()) {
                case STRING -> PkValue.ofString(partText(p, v));
                case BINARY -> PkValue.ofBinary(bytes(p.name(), v));
                case INTEGER -> {
                  long number = number(p, v);
                  // a descending column keeps the complement, which reverses the order (WK113)
                  yield PkValue.ofInteger(c.layout().descending() ? ~number : number);
                }
              });
        }
        default -> {
          Object v = KeyText.requireNonNull(c.carried(), values.get(c.carried()));
          out.add(
              c.type() == PkType.BINARY
                  ? PkValue.ofBinary(bytes(c.carried(), v))
                  : PkValue.ofInteger(integral(c.carried(), v)));
        }
      }
    }
    return PrimaryKey.of(out);
  }

  private String encodeText(Column c, Map<String, ?> values) {
    int n = c.parts().size();
    String[] texts = new String[n];
    for (int j = 0; j < n; j++) {
      Part p = c.parts().get(j);
      texts[j] = partText(p, KeyText.requireNonNull(p.name(), values.get(p.name())));
    }
    String text = n > 1 ? KeyText.join(c.layout().delimiter(), texts) : texts[0];
    if (c.buckets() != null) {
      Part first = c.parts().get(0);
      int bucket =
          first.kind().integral()
              ? c.buckets().ofNumber(number(first, values.get(first.name())))
              : c.buckets().ofText(texts[0]);
      return c.buckets().text(bucket) + text;
    }
    if (c.hash() != null) {
      String hashed = c.hashCovers() < 0 ? text : texts[c.hashCovers()];
      return KeyHash.prefix(c.hash(), c.hashLength(), hashed) + text;
    }
    return text;
  }

  private Profile profileOf(TableLayout layout) {
    for (Profile p : Profile.values()) {
      if (p.name().equals(layout.profile())) {
        return p;
      }
    }
    throw bad("names no known profile: " + quote(String.valueOf(layout.profile())));
  }

  /** A component's key text, with every check its layout asks for (the generated fooText). */
  private String partText(Part p, Object value) {
    String field = p.name();
    KeyText.requireNonNull(field, value);
    String text =
        switch (p.kind()) {
          case STRING -> {
            String s = as(field, value, String.class, "a String");
            KeyText.requireWellFormed(field, s);
            if (p.maxLength() > 0) {
              KeyText.checkLength(field, s, p.maxLength(), profile);
            }
            if (p.alphabet() != null) {
              p.alphabet().check(field, s);
            } else if (p.spliced()) {
              KeyText.requireNoDelimiter(field, s, p.delimiter());
            }
            yield s;
          }
          case UUID -> KeyValues.uuidText(as(field, value, UUID.class, "a UUID"));
          case ENUM ->
              enumName(
                  field,
                  value instanceof Enum<?> e
                      ? e.name()
                      : as(field, value, String.class, "a String"),
                  false);
          case BYTES -> throw new AssertionError("BYTES is never text");
          default -> {
            long number = number(p, value);
            yield p.padWidth() > 0
                ? Padding.encode(field, number, p.padWidth(), p.padSigned())
                : Long.toString(number);
          }
        };
    return p.reversed() ? KeyText.reverse(text) : text;
  }

  /** The long an integral or time value is stored as, checked as the generated encoder does. */
  private static long number(Part p, Object value) {
    String field = p.name();
    KeyText.requireNonNull(field, value);
    return switch (p.kind()) {
      case LONG, INT, SHORT, BYTE ->
          KeyParts.narrow(field, integral(field, value), p.kind().min(), p.kind().max());
      case INSTANT ->
          value instanceof Instant t
              ? KeyValues.instantToMillis(field, p.truncated() ? KeyValues.truncatedToMillis(t) : t)
              : integral(field, value, "an Instant");
      case LOCAL_DATE_TIME ->
          value instanceof LocalDateTime t
              ? KeyValues.localDateTimeToMillis(
                  field, p.truncated() ? KeyValues.truncatedToMillis(t) : t)
              : integral(field, value, "a LocalDateTime");
      case OFFSET_DATE_TIME ->
          value instanceof OffsetDateTime t
              ? KeyValues.offsetDateTimeToMillis(
                  field, p.truncated() ? KeyValues.truncatedToMillis(t) : t)
              : integral(field, value, "an OffsetDateTime");
      case ZONED_DATE_TIME ->
          value instanceof ZonedDateTime t
              ? KeyValues.zonedDateTimeToMillis(
                  field, p.truncated() ? KeyValues.truncatedToMillis(t) : t)
              : integral(field, value, "a ZonedDateTime");
      case LOCAL_DATE -> {
        if (value instanceof LocalDate d) {
          yield KeyValues.localDateToEpochDay(field, d);
        }
        long day = integral(field, value, "a LocalDate");
        KeyValues.epochDayToLocalDate(field, day); // no LocalDate has a day outside this range
        yield day;
      }
      default -> throw new AssertionError(p.kind() + " is not a number");
    };
  }

  private static long integral(String field, Object value) {
    return integral(field, value, null);
  }

  private static long integral(String field, Object value, String alternative) {
    if (value instanceof Long
        || value instanceof Integer
        || value instanceof Short
        || value instanceof Byte) {
      return ((Number) value).longValue();
    }
    throw wrongType(
        field,
        value,
        "a Long, Integer, Short or Byte" + (alternative == null ? "" : " or " + alternative));
  }

  private static byte[] bytes(String field, Object value) {
    return as(field, value, byte[].class, "a byte[]");
  }

  private static <T> T as(String field, Object value, Class<T> type, String expected) {
    if (!type.isInstance(value)) {
      throw wrongType(field, value, expected);
    }
    return type.cast(value);
  }

  private static IllegalArgumentException wrongType(String field, Object value, String expected) {
    return new IllegalArgumentException(
        "key value " + field + " is a " + value.getClass().getName() + ", expected " + expected);
  }

  /**
   * An enum constant's name: the layout does not list the constants, so only a name no constant can
   * have (not a Java identifier) is refused, as {@code KeyParts.parseEnum} refuses an unknown one
   * (WK112).
   */
  private String enumName(String field, String name, boolean stored) {
    Class<? extends Enum<?>> type = enums.get(field);
    if (type != null) {
      // as the generated decoder's KeyParts.parseEnum, and its encoder, which takes only constants
      return parseEnum(field, name, type);
    }
    boolean ok = !name.isEmpty() && Character.isJavaIdentifierStart(name.codePointAt(0));
    for (int i = 0; ok && i < name.length(); ) {
      int cp = name.codePointAt(i);
      ok = Character.isJavaIdentifierPart(cp) && !Character.isIdentifierIgnorable(cp);
      i += Character.charCount(cp);
    }
    if (!ok) {
      throw new InvalidKeyException(
          Rule.WK112,
          field,
          (stored ? "stored text " : "value ")
              + quote(name)
              + " names no constant of the field's enum type (it is not a Java identifier)");
    }
    return name;
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static String parseEnum(String field, String name, Class<? extends Enum<?>> type) {
    return ((Enum<?>) KeyParts.parseEnum(field, name, (Class) type)).name();
  }

  private Column compile(KeyColumnLayout c, boolean last) {
    String where = "key column " + quote(c.name());
    TableRole role = layout.role();
    switch (c.source()) {
      case COMPONENT, TEXT -> {}
      case INDEX_REF -> {
        require(
            role == TableRole.INDEX && last, where + ": INDEX_REF is an index table's last column");
        return carried(c, REF, PkType.BINARY, where);
      }
      case WRITE_TAG -> {
        require(
            role == TableRole.COLD || role == TableRole.CHUNKS,
            where + ": WRITE_TAG is a column of a cold or chunk table only");
        return carried(c, TAG, PkType.INTEGER, where);
      }
      case CHUNK_PART -> {
        require(role == TableRole.CHUNKS, where + ": CHUNK_PART is a column of a chunk table only");
        return carried(c, PART, PkType.INTEGER, where);
      }
    }
    boolean text = c.source() == ColumnSource.TEXT;
    require(!c.parts().isEmpty(), where + " holds no component");
    require(
        text || c.parts().size() == 1,
        where + ": a COMPONENT column holds one component, not " + c.parts().size());
    require(
        !text || c.type() == PkType.STRING, where + ": a TEXT column is STRING, not " + c.type());
    require(
        text || (c.hash() == null && c.buckets() == null),
        where + ": only a TEXT column has a hash prefix or a bucket");
    require(
        c.hash() == null || c.buckets() == null,
        where + " has both a hash prefix and a bucket, which no generated codec writes");
    boolean spliced = text && c.parts().size() > 1;
    List<Part> parts = new ArrayList<>();
    for (KeyPartLayout p : c.parts()) {
      parts.add(part(p, spliced, c.delimiter(), where));
    }
    if (!text) {
      Kind kind = parts.get(0).kind();
      boolean fits =
          switch (c.type()) {
            case STRING -> kind != Kind.BYTES;
            case INTEGER -> kind.integral();
            case BINARY -> kind == Kind.BYTES;
          };
      require(fits, where + ": a " + c.type() + " column cannot hold a " + kind + " component");
    } else {
      for (Part p : parts) {
        require(p.kind() != Kind.BYTES, where + ": bytes are never spliced into text");
      }
    }
    require(
        !c.descending() || c.type() == PkType.INTEGER,
        where + ": only an INTEGER column is descending (WK113)");
    HashAlgorithm hash = null;
    int hashLength = 0;
    int covers = -1;
    if (c.hash() != null) {
      try {
        hash = HashAlgorithm.valueOf(c.hash().algorithm());
      } catch (IllegalArgumentException | NullPointerException e) {
        throw bad(where + ": unknown hash algorithm " + quote(c.hash().algorithm()));
      }
      hashLength = c.hash().length();
      require(
          hashLength >= 1 && hashLength <= KeyHash.MAX_LENGTH,
          where + ": hash prefix length " + hashLength + " is outside 1.." + KeyHash.MAX_LENGTH);
      if (c.hash().covers() != null) {
        for (int j = 0; j < parts.size(); j++) {
          if (parts.get(j).name().equals(c.hash().covers())) {
            covers = j;
          }
        }
        require(
            covers >= 0,
            where
                + ": the hash covers "
                + quote(c.hash().covers())
                + ", not one of its components");
      }
    }
    KeyBuckets buckets = null;
    if (c.buckets() != null) {
      Part first = parts.get(0);
      require(
          first.name().equals(c.buckets().component()),
          where
              + ": the bucketed component "
              + quote(c.buckets().component())
              + " is not its first");
      try {
        buckets = new KeyBuckets(c.buckets().count());
      } catch (IllegalArgumentException e) {
        throw bad(where + ": " + e.getMessage());
      }
      if (first.padWidth() > 0) {
        buckets = buckets.withPaddedNumber(first.padWidth(), first.padSigned());
      }
    }
    return new Column(
        c,
        c.name(),
        c.type(),
        c.source(),
        List.copyOf(parts),
        hash,
        hashLength,
        covers,
        buckets,
        null);
  }

  private Column carried(KeyColumnLayout c, String name, PkType type, String where) {
    require(
        c.type() == type, where + ": a " + c.source() + " column is " + type + ", not " + c.type());
    require(c.parts().isEmpty(), where + ": a " + c.source() + " column holds no component");
    require(
        c.hash() == null && c.buckets() == null && !c.descending(),
        where + " is carried as stored");
    return new Column(c, c.name(), type, c.source(), List.of(), null, 0, -1, null, name);
  }

  private Part part(KeyPartLayout p, boolean spliced, char delimiter, String where) {
    require(
        p != null && p.name() != null && p.kind() != null,
        where + " has a component without a name or kind");
    Kind kind;
    try {
      kind = Kind.valueOf(p.kind());
    } catch (IllegalArgumentException e) {
      throw bad(where + ": component " + quote(p.name()) + " has unknown kind " + quote(p.kind()));
    }
    String at = where + ", component " + quote(p.name());
    if (p.padWidth() != 0) {
      require(kind.integral(), at + ": only a number is padded, not a " + kind);
      require(
          p.padWidth() >= 1 && p.padWidth() <= Padding.MAX_WIDTH,
          at + ": padding width " + p.padWidth() + " is outside 1.." + Padding.MAX_WIDTH);
    }
    require(p.padWidth() != 0 || !p.padSigned(), at + ": signed without a padding width");
    require(p.maxLength() >= 0, at + ": negative max length " + p.maxLength());
    require(
        !p.truncated() || kind.millis(),
        at + ": only a time kept as epoch milliseconds is truncated, not a " + kind);
    KeyAlphabet alphabet = null;
    if (kind == Kind.STRING && p.alphabet() != null) {
      try {
        alphabet = KeyAlphabet.parse(p.alphabet());
      } catch (IllegalArgumentException e) {
        throw bad(at + ": alphabet " + quote(p.alphabet()) + ": " + e.getMessage());
      }
    }
    // the generated code checks alphabet and length on STRING components only; elsewhere they are
    // facts of the layout that decide no byte
    return new Part(
        p.name(),
        kind,
        p.padWidth(),
        p.padSigned(),
        p.reversed(),
        alphabet,
        kind == Kind.STRING ? p.maxLength() : 0,
        spliced,
        delimiter,
        p.truncated());
  }

  private void require(boolean ok, String problem) {
    if (!ok) {
      throw bad(problem);
    }
  }

  private IllegalArgumentException bad(String problem) {
    return new IllegalArgumentException(
        "layout of table " + layout.table() + " cannot be interpreted: " + problem);
  }

  @Override
  public String toString() {
    return "LayoutKeyCodec[" + layout.table() + " " + layout.role() + ": " + names + "]";
  }
}
