package dev.widekey.processor.diagnostics;

import dev.widekey.annotations.Profile;
import dev.widekey.core.Rule;
import dev.widekey.core.RuleViolationException;
import dev.widekey.core.key.BucketCounts;
import dev.widekey.core.key.HashPrefixWidths;
import dev.widekey.core.store.ReservedNames;
import dev.widekey.core.store.ServiceNames;
import dev.widekey.core.store.StoreLimits;
import dev.widekey.core.value.ValueLimits;
import javax.lang.model.element.ElementKind;

/**
 * The typed façade of the diagnostic catalogue {@link Message}: one method per message, which
 * computes what the message needs (from the runtime's limits and the entity's profile) and formats
 * its catalogue entry. Each message starts with its rule id (from the runtime's {@link Rule}),
 * names the element, says why it matters and how to fix it.
 */
public final class Messages {
  private Messages() {}

  /** The service limits the rules check against (Tablestore and Lindorm). */
  private static final StoreLimits LIMITS = StoreLimits.DEFAULT;

  // ---- WK100: entity shape ----

  public static String notRecordOrClass(String type, ElementKind kind) {
    return Message.NOT_RECORD_OR_CLASS.format("type", type, "article", article(kind));
  }

  public static String abstractEntity(String type) {
    return Message.ABSTRACT_ENTITY.format("type", type);
  }

  public static String privateEntity(String type) {
    return Message.PRIVATE_ENTITY.format("type", type);
  }

  public static String innerEntity(String type) {
    return Message.INNER_ENTITY.format("type", type);
  }

  public static String localEntity(String type) {
    return Message.LOCAL_ENTITY.format("type", type);
  }

  public static String genericEntity(String type) {
    return Message.GENERIC_ENTITY.format("type", type);
  }

  public static String noGetter(String field, String capitalized) {
    return Message.NO_GETTER.format("field", field, "capitalized", capitalized);
  }

  /**
   * A private field whose getter or setter is another field's too: {@code what} is "getter" or
   * "setter", {@code method} its name, {@code other} the field that has it first.
   */
  public static String sharedAccessor(String field, String what, String method, String other) {
    String capitalized = Character.toUpperCase(field.charAt(0)) + field.substring(1);
    return Message.SHARED_ACCESSOR.format(
        "field", field, "method", method, "what", what, "other", other, "capitalized", capitalized);
  }

  public static String noSetter(String field, String setter, String type) {
    return Message.NO_SETTER.format("field", field, "type", type, "setter", setter);
  }

  /**
   * A field whose type generated code cannot name: {@code type} (or a type around it, {@code
   * hidden}) is private, or protected or package-private in another package.
   */
  public static String inaccessibleFieldType(
      String field, String type, String hidden, String access, String entity, boolean samePackage) {
    Message m =
        hidden.equals(type)
            ? (samePackage
                ? Message.INACCESSIBLE_FIELD_TYPE
                : Message.INACCESSIBLE_FIELD_TYPE_PUBLIC)
            : (samePackage
                ? Message.INACCESSIBLE_ENCLOSING_TYPE
                : Message.INACCESSIBLE_ENCLOSING_TYPE_PUBLIC);
    return m.format(
        "field", field, "type", type, "access", access, "entity", entity, "hidden", hidden);
  }

  public static String unstoredFieldAnnotated(String field, String modifier, String annotations) {
    return Message.UNSTORED_FIELD_ANNOTATED.format(
        "field", field, "modifier", modifier, "annotations", annotations);
  }

  public static String inheritedField(String type, String field, String superclass) {
    return Message.INHERITED_FIELD.format("type", type, "field", field, "superclass", superclass);
  }

  public static String noConstructor(String type) {
    return Message.NO_CONSTRUCTOR.format("type", type);
  }

  public static String constructorOrder(String type, String parameter, String field) {
    return Message.CONSTRUCTOR_ORDER.format("type", type, "parameter", parameter, "field", field);
  }

  public static String memberThrows(String type, String member, String exceptions) {
    return Message.MEMBER_THROWS.format("type", type, "member", member, "exceptions", exceptions);
  }

  public static String unsupportedAttribute(String field, String type) {
    return Message.UNSUPPORTED_ATTRIBUTE.format("field", field, "type", type);
  }

  public static String reservedName(String field) {
    return Message.RESERVED_NAME.format("field", field, "prefix", ReservedNames.PREFIX);
  }

  public static String fileNameTooLong(String type, String file, int bytes, int maxBytes) {
    return Message.FILE_NAME_TOO_LONG.format(
        "type", type, "file", file, "bytes", bytes, "maxBytes", maxBytes);
  }

  public static String generatedTypeTaken(String type, String generated, String owner) {
    return Message.GENERATED_TYPE_TAKEN.format(
        "type", type, "generated", generated, "owner", owner);
  }

  public static String generatedTypeExists(String type, String generated) {
    return Message.GENERATED_TYPE_EXISTS.format("type", type, "generated", generated);
  }

  public static String generatedTypeHidesAnnotation(String type, String generated) {
    return Message.GENERATED_TYPE_HIDES_ANNOTATION.format("type", type, "generated", generated);
  }

  public static String entityHiddenByKeyRecord(String type) {
    return Message.ENTITY_HIDDEN_BY_KEY_RECORD.format("type", type);
  }

  public static String keyTypeHiddenByKeyRecord(String entity, String field, String type) {
    return Message.KEY_TYPE_HIDDEN_BY_KEY_RECORD.format(
        "field", field, "type", type, "entity", entity);
  }

  public static String missingConverter(String type, String field) {
    return Message.MISSING_CONVERTER.format("type", type, "field", field);
  }

  public static String missingType(String type, String missing) {
    return Message.MISSING_TYPE.format("type", type, "missing", missing);
  }

  /**
   * An unexpected failure of widekey itself; {@code detail} is the exception's stack trace (its
   * first line is the exception's {@code toString()}).
   */
  public static String internalError(String type, String detail) {
    return Message.INTERNAL_ERROR.format("type", type, "detail", detail);
  }

  // ---- WK101: partition key ----

  public static String noPartitionKey(String type) {
    return Message.NO_PARTITION_KEY.format("type", type);
  }

  public static String duplicateOrder(String field, String annotation, int order, String other) {
    return Message.DUPLICATE_ORDER.format(
        "field", field, "annotation", annotation, "order", order, "other", other);
  }

  public static String mixedOrders(String field, String annotation, String withOrder, int order) {
    return Message.MIXED_ORDERS.format(
        "field", field, "annotation", annotation, "withOrder", withOrder, "order", order);
  }

  public static String bothPartitionAndKeyColumn(String field) {
    return Message.BOTH_PARTITION_AND_KEY_COLUMN.format("field", field);
  }

  // ---- WK102: sequential leading component ----

  public static String sequentialLeading(String field, String why) {
    return Message.SEQUENTIAL_LEADING.format("field", field, "why", why);
  }

  /**
   * The reasons that complete a message (what makes a component sequential or of few values); not
   * messages themselves, so they start with no rule id.
   */
  public static final class Why {
    private Why() {}

    /**
     * Why a time type leading the partition key is sequential (for {@link
     * Messages#sequentialLeading}).
     */
    public static String timeType(String type) {
      return type + " is a time type";
    }

    /** Why an integral type leading the partition key is sequential. */
    public static String integralType(String type) {
      return type
          + " is an integral type, and a number leading the key is taken as sequential unless"
          + " @NotSequential says why not";
    }

    /**
     * Why an enum leading the partition key has few values (for {@link Messages#fewValuesLeading}).
     */
    public static String fewConstants(String enumName, long constants) {
      return "the enum " + enumName + " has " + constants + " constants";
    }

    /** Why a String leading the partition key has few values. */
    public static String fewStrings(int maxLength, long values) {
      return "its @KeyChars and @MaxLength(" + maxLength + ") allow only " + values + " values";
    }
  }

  public static String fewValuesLeading(String field, String why) {
    return Message.FEW_VALUES_LEADING.format("field", field, "why", why);
  }

  public static String fewValuesBucketed(String field, String why, long values, int buckets) {
    if (values < buckets) {
      return Message.FEW_VALUES_BUCKETED_UNFILLED.format(
          "field", field, "why", why, "buckets", buckets, "values", values);
    }
    return Message.FEW_VALUES_BUCKETED.format("field", field, "why", why, "buckets", buckets);
  }

  public static String sequentialNameLeading(String field, String word) {
    return Message.SEQUENTIAL_NAME_LEADING.format("field", field, "word", word);
  }

  public static String notSequentialMisplaced(String field) {
    return Message.NOT_SEQUENTIAL_MISPLACED.format("field", field);
  }

  public static String notSequentialNotLeading(String field, String leading) {
    return Message.NOT_SEQUENTIAL_NOT_LEADING.format("field", field, "leading", leading);
  }

  public static String notSequentialCovered(String field, String by) {
    return Message.NOT_SEQUENTIAL_COVERED.format("field", field, "by", by);
  }

  public static String notSequentialContradicts(String field) {
    return Message.NOT_SEQUENTIAL_CONTRADICTS.format("field", field);
  }

  public static String notSequentialBlankReason(String field) {
    return Message.NOT_SEQUENTIAL_BLANK_REASON.format("field", field);
  }

  public static String sequentialNotKey(String field) {
    return Message.SEQUENTIAL_NOT_KEY.format("field", field);
  }

  public static String reversedMisplaced(String field) {
    return Message.REVERSED_MISPLACED.format("field", field);
  }

  public static String reversedType(String field, String type) {
    return Message.REVERSED_TYPE.format("field", field, "type", type);
  }

  // ---- WK103: padding of spliced integers ----

  public static String unpaddedSplice(String field, String type) {
    return Message.UNPADDED_SPLICE.format("field", field, "type", type);
  }

  // ---- WK104: padding width ----

  public static String paddingWidth(String field, String type, int width, int maxDigits) {
    return Message.PADDING_WIDTH.format(
        "field", field, "width", width, "type", type, "maxDigits", maxDigits);
  }

  public static String paddingBelowPresentDay(
      String field, String type, String unit, int width, int digits) {
    return Message.PADDING_BELOW_PRESENT_DAY.format(
        "field", field, "type", type, "unit", unit, "width", width, "digits", digits);
  }

  public static String paddingType(String field, String type) {
    return Message.PADDING_TYPE.format("field", field, "type", type);
  }

  public static String paddingNotKey(String field) {
    return Message.PADDING_NOT_KEY.format("field", field);
  }

  // ---- WK105: delimiter and alphabets ----

  public static String missingKeyChars(String field, char delimiter) {
    return Message.MISSING_KEY_CHARS.format("field", field, "delimiter", quote(delimiter));
  }

  /**
   * A {@code @KeyChars} spec the runtime's {@code KeyAlphabet.parse} refused; {@code problem} is
   * its exception message, whose own "@KeyChars(...) is not a valid alphabet: " is not repeated.
   */
  public static String badKeyChars(String field, String spec, String problem) {
    String marker = "is not a valid alphabet: ";
    int at = problem.indexOf(marker);
    String why = at < 0 ? problem : problem.substring(at + marker.length());
    return Message.BAD_KEY_CHARS.format(
        "field", field, "spec", RuleViolationException.quote(spec), "why", why);
  }

  /**
   * The delimiter sorts at or above a character {@code field} may hold; {@code allLowest} is the
   * lowest character any spliced component may hold, which the suggested delimiter must sort below
   * (a fixed "','" would not serve an alphabet holding '$' or '!').
   */
  public static String delimiterNotBelow(
      String field, char delimiter, int lowest, String source, int allLowest) {
    String d = String.valueOf(delimiter);
    String c = new String(Character.toChars(lowest));
    String why =
        lowest == delimiter
            ? "a value holding it splits into two components and can read or overwrite another key's rows"
            : "spliced keys then sort out of order: \"a"
                + c
                + d
                + "x\" sorts before \"a"
                + d
                + "x\" although \"a"
                + c
                + "\" sorts after \"a\"";
    int suggested = delimiterBelow(allLowest);
    if (suggested < 0) {
      return Message.DELIMITER_NOT_BELOW_NONE.format(
          "delimiter",
          quote(delimiter),
          "lowest",
          quote(lowest),
          "field",
          field,
          "source",
          source,
          "why",
          why,
          "allLowest",
          quote(allLowest));
    }
    return Message.DELIMITER_NOT_BELOW.format(
        "delimiter",
        quote(delimiter),
        "lowest",
        quote(lowest),
        "field",
        field,
        "source",
        source,
        "why",
        why,
        "suggested",
        quote(suggested));
  }

  /**
   * A delimiter sorting below {@code lowest} that WK105 accepts (no control character): ',', the
   * default, when it does, else the highest such character; -1 when there is none.
   */
  static int delimiterBelow(int lowest) {
    if (',' < lowest) {
      return ',';
    }
    for (int c = lowest - 1; c >= 0; c--) {
      if (!Character.isISOControl(c)) {
        return c;
      }
    }
    return -1;
  }

  /**
   * A component of a partition key hashed whole (a type-level {@code @HashPrefix}) that may hold
   * the delimiter: there the delimiter need not sort below the components' characters, but it must
   * stay out of them, or decoding cannot tell where a component ends.
   */
  public static String delimiterInHashedComponent(String field, char delimiter, String source) {
    return Message.DELIMITER_IN_HASHED_COMPONENT.format(
        "field", field, "delimiter", quote(delimiter), "source", source);
  }

  public static String keyCharsType(String field, String type) {
    return Message.KEY_CHARS_TYPE.format("field", field, "type", type);
  }

  public static String keyCharsNotKey(String field) {
    return Message.KEY_CHARS_NOT_KEY.format("field", field);
  }

  public static String badDelimiter(char delimiter) {
    String why =
        Character.isSurrogate(delimiter)
            ? "is half of a surrogate pair, which cannot be stored as UTF-8"
            : "is a control character, invisible wherever keys are printed, logged or typed";
    return Message.BAD_DELIMITER.format("delimiter", quote(delimiter), "why", why);
  }

  // ---- WK106: hash prefix ----

  public static String hashLength(int length) {
    return Message.HASH_LENGTH.format("length", length, "maxLength", HashPrefixWidths.MAX_LENGTH);
  }

  public static String hashPartitions(int partitions, int length) {
    return Message.HASH_PARTITIONS.format(
        "partitions",
        partitions,
        "length",
        length,
        "maxPartitions",
        HashPrefixWidths.maxPartitions(length));
  }

  public static String hashPartitionsOverProfile(int partitions, Profile profile, int max) {
    return Message.HASH_PARTITIONS_OVER_PROFILE.format(
        "partitions", partitions, "profile", profile, "max", max);
  }

  public static String hashNotPartition(String field) {
    return Message.HASH_NOT_PARTITION.format("field", field);
  }

  public static String hashTwice(String where) {
    return Message.HASH_TWICE.format("where", where);
  }

  public static String hashType(String field, String type) {
    return Message.HASH_TYPE.format("field", field, "type", type);
  }

  // ---- WK106: buckets (the other scatter prefix) ----

  public static String bucketedNotPartition(String field) {
    return Message.BUCKETED_NOT_PARTITION.format("field", field);
  }

  public static String bucketedNotLeading(String field, String leading) {
    return Message.BUCKETED_NOT_LEADING.format("field", field, "leading", leading);
  }

  public static String bucketedType(String field, String type) {
    return Message.BUCKETED_TYPE.format("field", field, "type", type);
  }

  public static String bucketCount(int buckets) {
    return Message.BUCKET_COUNT.format(
        "buckets",
        buckets,
        "minBuckets",
        BucketCounts.MIN_BUCKETS,
        "maxBuckets",
        BucketCounts.MAX_BUCKETS);
  }

  public static String bucketFanOut(String field, int buckets) {
    return Message.BUCKET_FAN_OUT.format(
        "field", field, "buckets", buckets, "fanOutWarning", BucketCounts.FAN_OUT_WARNING);
  }

  public static String bucketedWithHashPrefix(String field) {
    return Message.BUCKETED_WITH_HASH_PREFIX.format("field", field);
  }

  public static String bucketedReversed(String field) {
    return Message.BUCKETED_REVERSED.format("field", field);
  }

  // ---- WK108: key component types ----

  public static String badKeyType(String field, String type) {
    String why =
        switch (type) {
          case "double", "float", "java.lang.Double", "java.lang.Float" ->
              "a floating-point number has no exact decimal form (0.1 is not 0.1) and its text does"
                  + " not sort as the numbers do (-1.5 after -10, 1e3 before 5)."
                  + " Store a fixed unit as an integral type (cents or micros as a long)";
          case "java.math.BigDecimal" ->
              "a decimal has no key type and many spellings of one value (1.0, 1.00), which sort"
                  + " apart. Store a fixed unit as an integral type (cents as a long)";
          case "boolean", "java.lang.Boolean" ->
              "a boolean has two values: as a key it splits the rows into two runs, and leading"
                  + " the partition key it makes two hot partitions. Keep it an attribute, or use an"
                  + " enum if it must order the rows";
          case "char", "java.lang.Character" ->
              "a char is one UTF-16 code unit, not a character: half of a surrogate pair has no"
                  + " UTF-8 form, so it has no key text. Use a String with @MaxLength(1), or an int"
                  + " holding the code point";
          case "java.time.LocalTime", "java.time.OffsetTime" ->
              "a time of day comes round again every day, so it cannot order rows over time. Use"
                  + " a LocalDateTime or an Instant, or store the seconds of the day as an int if"
                  + " the time of day alone is the key";
          case "java.util.Date",
              "java.sql.Date",
              "java.sql.Timestamp",
              "java.util.Calendar",
              "java.util.GregorianCalendar" ->
              "the legacy date classes are mutable, so a key could change under its row, and"
                  + " java.sql.Timestamp keeps nanoseconds a key drops. Use java.time.Instant for"
                  + " a point in time (date.toInstant()), or java.time.LocalDate for a date";
          default ->
              "collections, JSON and page content make huge, unstable keys, and other classes have"
                  + " no encoding that keeps their order. Use a key type and keep this an attribute"
                  + " (serialised by you if need be)";
        };
    return Message.BAD_KEY_TYPE.format("field", field, "type", type, "why", why);
  }

  public static String splicedBytes(String field) {
    return Message.SPLICED_BYTES.format("field", field);
  }

  // ---- WK113: descending key columns ----

  public static String badDescending(String field, String type, String why) {
    return Message.BAD_DESCENDING.format("field", field, "type", type, "why", why);
  }

  // ---- WK109: column size ----

  public static String columnTooLarge(String column, long bytes, String detail) {
    return columnTooLarge(column, bytes, detail, Profile.TABLESTORE);
  }

  public static String columnTooLarge(String column, long bytes, String detail, Profile profile) {
    int limit = StoreLimits.of(profile).maxPkColumnBytes();
    return Message.COLUMN_TOO_LARGE.format(
        "column",
        column,
        "bytes",
        bytes,
        "detail",
        detail,
        "limit",
        limitText(limit),
        "profile",
        profile);
  }

  public static String keyTooLarge(String field, long bytes, String detail, Profile profile) {
    StoreLimits limits = StoreLimits.of(profile);
    int limit = limits.maxPkTotalBytes();
    return Message.KEY_TOO_LARGE.format(
        "bytes",
        bytes,
        "measured",
        limits.sizeMeasure().keyMeasured(),
        "detail",
        detail,
        "profile",
        profile,
        "limit",
        limitText(limit),
        "field",
        field);
  }

  public static String rowKeyTooLarge(String field, long bytes, String detail, Profile profile) {
    int limit = StoreLimits.of(profile).maxRowKeyBytes();
    return Message.ROW_KEY_TOO_LARGE.format(
        "bytes", bytes, "detail", detail, "profile", profile, "limit", limit, "field", field);
  }

  public static String maxLengthValue(String field, int value) {
    return Message.MAX_LENGTH_VALUE.format("field", field, "value", value);
  }

  public static String maxLengthType(String field, String type) {
    return Message.MAX_LENGTH_TYPE.format("field", field, "type", type);
  }

  public static String maxLengthNotKey(String field, Profile profile) {
    return Message.MAX_LENGTH_NOT_KEY.format(
        "field", field, "maxPkColumnSize", size(StoreLimits.of(profile).maxPkColumnBytes()));
  }

  // ---- WK110: column count ----

  public static String tooManyKeyColumns(String field, int columns) {
    return tooManyKeyColumns(field, columns, Profile.TABLESTORE);
  }

  public static String tooManyKeyColumns(String field, int columns, Profile profile) {
    int max = StoreLimits.of(profile).maxPkColumns();
    return Message.TOO_MANY_KEY_COLUMNS.format(
        "field", field, "columns", columns, "profile", profile, "max", max, "keepColumns", max - 1);
  }

  public static String binaryNotLast(String field, Profile profile) {
    return Message.BINARY_NOT_LAST.format("field", field, "profile", profile);
  }

  public static String binaryPartitionBeforeTag(String field, Profile profile) {
    return Message.BINARY_PARTITION_BEFORE_TAG.format("field", field, "profile", profile);
  }

  // ---- WK201: money ----

  public static String bigDecimalWithoutMoney(String field) {
    return Message.BIG_DECIMAL_WITHOUT_MONEY.format("field", field);
  }

  public static String floatingMoney(String field, String type) {
    return Message.FLOATING_MONEY.format("field", field, "type", type);
  }

  public static String moneyType(String field, String type) {
    return Message.MONEY_TYPE.format("field", field, "type", type);
  }

  public static String moneyScale(String field, int scale) {
    return Message.MONEY_SCALE.format(
        "field", field, "scale", scale, "moneyMaxScale", ValueLimits.MONEY_MAX_SCALE);
  }

  public static String moneyOnKey(String field) {
    return Message.MONEY_ON_KEY.format("field", field);
  }

  // ---- WK202: large values ----

  public static String chunkedType(String field, String type) {
    return Message.CHUNKED_TYPE.format(
        "field", field, "type", type, "maxAttributeSize", size(LIMITS.maxAttributeBytes()));
  }

  /** {@code @Chunked(maxBytes)} outside 1 … the largest Java array. */
  public static String chunkedCapRange(String field, long cap) {
    return Message.CHUNKED_CAP_RANGE.format(
        "field",
        field,
        "cap",
        cap,
        "largestMaxChunkedBytes",
        ValueLimits.LARGEST_MAX_CHUNKED_BYTES,
        "defaultMaxChunkedSize",
        size(ValueLimits.DEFAULT_MAX_CHUNKED_BYTES));
  }

  /** {@code @Chunked(maxBytes)} needing more chunk rows than one multi-get of the profile reads. */
  public static String chunkedCapParts(String field, long cap, Profile profile) {
    StoreLimits limits = StoreLimits.of(profile);
    return Message.CHUNKED_CAP_PARTS.format(
        "field",
        field,
        "cap",
        cap,
        "parts",
        ValueLimits.chunkPartsOf(cap, limits),
        "chunkSize",
        size(ValueLimits.chunkBytes(limits)),
        "maxMultiGetRows",
        limits.maxMultiGetRows());
  }

  public static String chunkedKey(String field, Profile profile) {
    return Message.CHUNKED_KEY.format(
        "field", field, "maxPkColumnSize", size(StoreLimits.of(profile).maxPkColumnBytes()));
  }

  // ---- WK204: hot and cold columns ----

  public static String coldKey(String field) {
    return Message.COLD_KEY.format("field", field);
  }

  public static String compressType(String field, String type) {
    return Message.COMPRESS_TYPE.format("field", field, "type", type);
  }

  public static String inflatedCapWithoutCompress(String field) {
    return Message.INFLATED_CAP_WITHOUT_COMPRESS.format("field", field);
  }

  public static String inflatedCapRange(String field, long cap) {
    return Message.INFLATED_CAP_RANGE.format(
        "field",
        field,
        "cap",
        cap,
        "largestMaxInflatedBytes",
        ValueLimits.LARGEST_MAX_INFLATED_BYTES,
        "defaultMaxInflatedBytes",
        ValueLimits.DEFAULT_MAX_INFLATED_BYTES);
  }

  public static String coldPrimitive(String field, String type, String boxed) {
    return Message.COLD_PRIMITIVE.format("field", field, "type", type, "boxed", boxed);
  }

  public static String coldTableSameName(String table) {
    return Message.COLD_TABLE_SAME_NAME.format("table", table);
  }

  // ---- WK205: Lindorm rows ----

  public static String noHotAttribute(String type) {
    return Message.NO_HOT_ATTRIBUTE.format("type", type);
  }

  // ---- WK209: time to live ----

  public static String badTtl(long ttlSeconds, Profile profile) {
    long min = StoreLimits.of(profile).minTtlSeconds();
    long max = StoreLimits.MAX_TTL_SECONDS;
    String minText = String.format(java.util.Locale.ROOT, "%,d", min);
    String maxText = String.format(java.util.Locale.ROOT, "%,d", max);
    if (ttlSeconds > max) {
      return Message.TTL_TOO_LONG.format(
          "ttlSeconds",
          ttlSeconds,
          "profile",
          profile,
          "minText",
          minText,
          "maxText",
          maxText,
          "foreverText",
          String.format(java.util.Locale.ROOT, "%,d", max + 1),
          "max",
          max);
    }
    return (min > 1 ? Message.TTL_TOO_SHORT_FOR_SERVICE : Message.BAD_TTL)
        .format(
            "ttlSeconds",
            ttlSeconds,
            "profile",
            profile,
            "minText",
            minText,
            "maxText",
            maxText,
            "min",
            min);
  }

  // ---- WK210, WK211: time-sharded tables ----

  public static String shardFieldUnstored(String type, String field, String modifier) {
    return Message.SHARD_FIELD_UNSTORED.format("type", type, "field", field, "modifier", modifier);
  }

  public static String shardFieldMissing(String type, String field) {
    return Message.SHARD_FIELD_MISSING.format(
        "field", RuleViolationException.quote(field), "type", type);
  }

  public static String shardFieldType(String field, String type) {
    return Message.SHARD_FIELD_TYPE.format("field", field, "type", type);
  }

  public static String shardFieldCold(String field) {
    return Message.SHARD_FIELD_COLD.format("field", field);
  }

  public static String shardRetain(int retain) {
    return Message.SHARD_RETAIN.format("retain", retain);
  }

  public static String shardAhead(int ahead) {
    return Message.SHARD_AHEAD.format("ahead", ahead);
  }

  public static String shardedWithoutWideTable(String type) {
    return Message.SHARDED_WITHOUT_WIDE_TABLE.format("type", type);
  }

  public static String shardTableName(String member, String table, String longest) {
    return Message.SHARD_TABLE_NAME.format(
        "member", member, "table", table, "longest", longest, "pattern", ServiceNames.PATTERN);
  }

  public static String shardTablesOverLimit(
      String type, long tables, int retain, int ahead, int perPeriod, Profile profile) {
    return Message.SHARD_TABLES_OVER_LIMIT.format(
        "type",
        type,
        "tables",
        tables,
        "retain",
        retain,
        "ahead",
        ahead,
        "perPeriod",
        perPeriod,
        "tablesWord",
        perPeriod == 1 ? " table" : " tables",
        "fenceTable",
        fenceTable(),
        "profile",
        profile,
        "maxTables",
        StoreLimits.maxTables(profile));
  }

  public static String shardTablesOverHalf(
      String type, long tables, int retain, int ahead, int perPeriod, Profile profile) {
    return Message.SHARD_TABLES_OVER_HALF.format(
        "type",
        type,
        "tables",
        tables,
        "retain",
        retain,
        "ahead",
        ahead,
        "perPeriod",
        perPeriod,
        "fenceTable",
        fenceTable(),
        "maxTables",
        StoreLimits.maxTables(profile),
        "profile",
        profile);
  }

  /** The fence table WK211 counts: one per store, whatever the entities. */
  private static String fenceTable() {
    return "the fence table "
        + ReservedNames.PERIOD_FENCE_TABLE
        + " that retention shares among all time-sharded entities, one per store";
  }

  // ---- WK306: index tables ----

  /**
   * Findings of the primary key's rules on an index key: the rule's own message, naming the index;
   * not a message of its own, so its methods are not in the catalogue's list.
   */
  public static final class OnIndex {
    private OnIndex() {}

    /**
     * A finding of a key rule on an index key, checked as a primary key: the index named after the
     * rule id; for a hotspot or hash-prefix finding, where an index's key options are written.
     */
    public static String finding(String index, String table, String message) {
      int colon = message.indexOf(": ");
      String id = colon < 0 ? "" : message.substring(0, colon + 2);
      String rest = message.substring(id.length());
      String note = "";
      if (id.startsWith("WK102") || id.startsWith("WK106")) {
        note =
            " In an index the first column is the index's partition key, and its key options are"
                + " written on the @Index: hashPrefix = @HashPrefix(length = 4), notSequential ="
                + " @NotSequential(reason = \"...\"); annotations on the field describe the"
                + " entity's own primary key.";
      }
      return id + "index '" + index + "' (table " + table + "): " + rest + note;
    }
  }

  public static String indexNoColumns(String index) {
    return Message.INDEX_NO_COLUMNS.format("index", index);
  }

  public static String indexUnknownColumn(
      String index, String column, String entity, String closest) {
    if (closest == null) {
      return Message.INDEX_UNKNOWN_COLUMN.format(
          "index", index, "column", column, "entity", entity);
    }
    return Message.INDEX_UNKNOWN_COLUMN_CLOSEST.format(
        "index", index, "column", column, "entity", entity, "closest", closest);
  }

  public static String indexUnstoredColumn(
      String index, String column, String entity, String marker) {
    return Message.INDEX_UNSTORED_COLUMN.format(
        "index", index, "column", column, "entity", entity, "marker", marker);
  }

  public static String indexDuplicateColumn(String index, String column) {
    return Message.INDEX_DUPLICATE_COLUMN.format("index", index, "column", column);
  }

  public static String indexColdColumn(String index, String column, String annotation) {
    return Message.INDEX_COLD_COLUMN.format(
        "index", index, "column", column, "annotation", annotation);
  }

  public static String indexIsKeyPrefix(String index, String columns) {
    return Message.INDEX_IS_KEY_PREFIX.format("index", index, "columns", columns);
  }

  public static String indexNameTaken(String index, String accessor) {
    return Message.INDEX_NAME_TAKEN.format("index", index, "accessor", accessor);
  }

  public static String indexTableIsOwn(String index, String table) {
    return Message.INDEX_TABLE_IS_OWN.format("index", index, "table", table);
  }

  public static String indexSameMembers(String index, String other, String accessor) {
    String capitalized = Character.toUpperCase(accessor.charAt(0)) + accessor.substring(1);
    return Message.INDEX_SAME_MEMBERS.format(
        "index", index, "other", other, "accessor", accessor, "capitalized", capitalized);
  }

  public static String indexNameTwice(String index, String entity) {
    return Message.INDEX_NAME_TWICE.format("entity", entity, "index", index);
  }

  public static String indexBadName(String index) {
    return Message.INDEX_BAD_NAME.format("index", index);
  }

  public static String indexOptionTwice(String index, String member) {
    return Message.INDEX_OPTION_TWICE.format("index", index, "member", member);
  }

  public static String tooManyIndexes(String entity, int count, int threshold) {
    return Message.TOO_MANY_INDEXES.format(
        "entity", entity, "count", count, "threshold", threshold, "operations", 1 + 2 * count);
  }

  public static String indexesOverLindormQuota(String entity, int count, int quota) {
    return Message.INDEXES_OVER_LINDORM_QUOTA.format(
        "entity", entity, "count", count, "quota", quota);
  }

  public static String indexWithoutWideTable(String type) {
    return Message.INDEX_WITHOUT_WIDE_TABLE.format("type", type);
  }

  public static String indexTooManyColumns(String index, int columns, Profile profile) {
    return Message.INDEX_TOO_MANY_COLUMNS.format(
        "index",
        index,
        "keyColumns",
        columns + 1,
        "columns",
        columns,
        "indexRefColumn",
        ReservedNames.INDEX_REF_COLUMN,
        "profile",
        profile,
        "maxColumns",
        StoreLimits.of(profile).maxPkColumns(),
        "maxIndexed",
        StoreLimits.of(profile).maxPkColumns() - 1);
  }

  public static String indexBinaryColumn(String index, String column, Profile profile) {
    return Message.INDEX_BINARY_COLUMN.format("index", index, "column", column, "profile", profile);
  }

  public static String indexRefTooLarge(String index, long bytes, Profile profile) {
    return Message.INDEX_REF_TOO_LARGE.format(
        "index",
        index,
        "bytes",
        bytes,
        "profile",
        profile,
        "limit",
        StoreLimits.of(profile).maxPkColumnBytes());
  }

  // ---- WK207: table names ----

  public static String badTableName(String member, String table) {
    return Message.BAD_TABLE_NAME.format(
        "member", member, "table", RuleViolationException.quote(table));
  }

  /** {@code components}: the components' names, as {@code 'a', 'b'}. */
  public static String joinedColumnTooLong(String column, String components) {
    return Message.JOINED_COLUMN_TOO_LONG.format(
        "components",
        components,
        "column",
        shown(column),
        "length",
        column.length(),
        "pattern",
        ServiceNames.PATTERN);
  }

  public static String joinedColumnTaken(String column, String components, String field) {
    return Message.JOINED_COLUMN_TAKEN.format(
        "components", components, "column", shown(column), "field", field);
  }

  public static String joinedColumnReserved(String column, String components) {
    return Message.JOINED_COLUMN_RESERVED.format(
        "components", components, "column", shown(column), "prefix", ReservedNames.PREFIX);
  }

  /** A column name as a message shows it: cut after 80 characters. */
  private static String shown(String column) {
    return column.length() > 80 ? column.substring(0, 80) + "..." : column;
  }

  public static String hashOverBytes(String field) {
    return Message.HASH_OVER_BYTES.format("field", field);
  }

  public static String badColumnName(String field) {
    return Message.BAD_COLUMN_NAME.format("field", field);
  }

  public static String tableTaken(String table, String owner) {
    return Message.TABLE_TAKEN.format("table", table, "owner", owner);
  }

  /**
   * A table named like a period table of a time-sharded entity's table {@code base} (or, {@code
   * mine}, the other way round): its rows would share that table, and retention would drop it.
   */
  public static String periodTableTaken(
      String table, String base, String period, String owner, boolean mine) {
    return (mine ? Message.PERIOD_TABLE_TAKEN_BY_MINE : Message.PERIOD_TABLE_TAKEN)
        .format("table", table, "owner", owner, "period", period, "base", base);
  }

  // ---- WK208: versions ----

  public static String unstoredVersion(String field, String modifier) {
    return Message.UNSTORED_VERSION.format("field", field, "modifier", modifier);
  }

  public static String versionType(String field, String type) {
    return Message.VERSION_TYPE.format("field", field, "type", type);
  }

  public static String versionOnKey(String field) {
    return Message.VERSION_ON_KEY.format("field", field);
  }

  public static String indexedVersion(String index, String column) {
    return Message.INDEXED_VERSION.format("index", index, "column", column);
  }

  public static String versionTwice(String field, String first) {
    return Message.VERSION_TWICE.format("field", field, "first", first);
  }

  public static String versionCold(String field) {
    return Message.VERSION_COLD.format("field", field);
  }

  // ---- WK308: the locked key layout ----

  /** The two ways out of a changed key layout, for the entity of hot table {@code table}. */
  private static String newTableWayOut(String entity, String table) {
    return " Undo the change, or give the new layout a new table: @WideTable(name = \""
        + table
        + "_v2\"); to keep the rows, declare the migration with the new name and"
        + " @RekeyedFrom(table = \""
        + table
        + "\"), then run the generated "
        + entity
        + "Rekeying job, which copies every row into the new table.";
  }

  private static String diff(java.util.List<String> removed, java.util.List<String> added) {
    StringBuilder out = new StringBuilder();
    for (String line : removed) {
      out.append("\n- ").append(line);
    }
    for (String line : added) {
      out.append("\n+ ").append(line);
    }
    return out.toString();
  }

  public static String layoutKeyChanged(
      String entity,
      String hotTable,
      String table,
      java.util.List<String> removed,
      java.util.List<String> added) {
    return Message.LAYOUT_KEY_CHANGED.format(
        "table", table, "diff", diff(removed, added), "wayOut", newTableWayOut(entity, hotTable));
  }

  public static String layoutAttributeChanged(
      String entity, String hotTable, String table, String oldLine, String newLine) {
    return Message.LAYOUT_ATTRIBUTE_CHANGED.format(
        "table",
        table,
        "diff",
        diff(java.util.List.of(oldLine), java.util.List.of(newLine)),
        "wayOut",
        newTableWayOut(entity, hotTable));
  }

  public static String layoutAttributeRenamed(String table, String oldName, String newName) {
    return Message.LAYOUT_ATTRIBUTE_RENAMED.format(
        "newName", newName, "table", table, "oldName", oldName);
  }

  public static String layoutAttributeMoved(String field, String fromTable, String toTable) {
    return Message.LAYOUT_ATTRIBUTE_MOVED.format(
        "field", field, "fromTable", fromTable, "toTable", toTable);
  }

  public static String layoutAttributeRemoved(String table, String column) {
    return Message.LAYOUT_ATTRIBUTE_REMOVED.format("column", column, "table", table);
  }

  public static String layoutNewTable(String table, String file) {
    return Message.LAYOUT_NEW_TABLE.format("table", table, "file", file);
  }

  public static String layoutPassingChange(
      String table, java.util.List<String> removed, java.util.List<String> added) {
    return Message.LAYOUT_PASSING_CHANGE.format("table", table, "diff", diff(removed, added));
  }

  public static String layoutUpdated(String table, String file) {
    return Message.LAYOUT_UPDATED.format("table", table, "file", file);
  }

  public static String layoutStaleFile(String table, String file) {
    return Message.LAYOUT_STALE_FILE.format("file", file, "table", table);
  }

  public static String layoutPrimitiveAdded(
      String table, String field, String column, String type, String boxed) {
    return Message.LAYOUT_PRIMITIVE_ADDED.format(
        "field", field, "table", table, "column", column, "type", type, "boxed", boxed);
  }

  public static String layoutEnumConstantsRemoved(
      String table, String field, String enumType, java.util.List<String> removed) {
    return Message.LAYOUT_ENUM_CONSTANTS_REMOVED.format(
        "field", field, "table", table, "enum", enumType, "removed", String.join(", ", removed));
  }

  public static String layoutIndexOnStoredTable(String table, String index, String indexTable) {
    return Message.LAYOUT_INDEX_ON_STORED_TABLE.format(
        "index", index, "table", table, "indexTable", indexTable);
  }

  public static String layoutStaleIndexFile(
      String table, String file, String entity, String index) {
    return Message.LAYOUT_STALE_INDEX_FILE.format(
        "file", file, "table", table, "entity", entity, "index", index);
  }

  public static String layoutStaleRenamedTable(
      String table, String file, String entity, String now) {
    return Message.LAYOUT_STALE_RENAMED_TABLE.format(
        "file", file, "table", table, "entity", entity, "now", now);
  }

  public static String layoutOtherVersion(String file, String reason) {
    return Message.LAYOUT_OTHER_VERSION.format("file", file, "reason", reason);
  }

  public static String layoutOfAnotherTable(String file, String table, String named) {
    return Message.LAYOUT_OF_ANOTHER_TABLE.format("file", file, "table", table, "named", named);
  }

  public static String layoutOfAnotherEntity(String table, String owner, String entity) {
    return Message.LAYOUT_OF_ANOTHER_ENTITY.format(
        "table", table, "owner", owner, "entity", entity);
  }

  public static String layoutUnreadable(String file, String reason) {
    return Message.LAYOUT_UNREADABLE.format("file", file, "reason", reason);
  }

  public static String rekeyedFromMissing(String table, String directory) {
    return Message.REKEYED_FROM_MISSING.format("table", table, "directory", directory);
  }

  public static String rekeyedFromWithoutDirectory(String table) {
    return Message.REKEYED_FROM_WITHOUT_DIRECTORY.format("table", table);
  }

  public static String rekeyedFromItself(String table) {
    return Message.REKEYED_FROM_ITSELF.format("table", table);
  }

  public static String renamedFromOnKey(String field) {
    return Message.RENAMED_FROM_ON_KEY.format("field", field);
  }

  // ---- WK212: converters, @Transient, column naming ----

  public static String converterNotConverter(String field, String converter) {
    return Message.CONVERTER_NOT_CONVERTER.format("field", field, "converter", converter);
  }

  public static String converterWrongType(
      String field, String fieldType, String converter, String javaType) {
    return Message.CONVERTER_WRONG_TYPE.format(
        "field", field, "fieldType", fieldType, "converter", converter, "javaType", javaType);
  }

  public static String converterStoredType(String field, String converter, String storedType) {
    return Message.CONVERTER_STORED_TYPE.format(
        "field", field, "converter", converter, "storedType", storedType);
  }

  public static String converterNotConstructible(String field, String converter) {
    return Message.CONVERTER_NOT_CONSTRUCTIBLE.format("field", field, "converter", converter);
  }

  public static String converterConstructorThrows(
      String field, String converter, String exceptions) {
    return Message.CONVERTER_CONSTRUCTOR_THROWS.format(
        "field", field, "converter", converter, "exceptions", exceptions);
  }

  public static String converterOnKey(String field) {
    return Message.CONVERTER_ON_KEY.format("field", field);
  }

  public static String converterWith(String field, String annotation) {
    return Message.CONVERTER_WITH.format("field", field, "annotation", annotation);
  }

  public static String transientKey(String field, String role) {
    return Message.TRANSIENT_KEY.format("field", field, "role", role);
  }

  public static String transientAnnotated(String field, String annotations) {
    return Message.TRANSIENT_ANNOTATED.format("field", field, "annotations", annotations);
  }

  public static String columnClash(
      String field, String column, String other, String naming, String otherKind) {
    return Message.COLUMN_CLASH.format(
        "field", field, "column", column, "naming", naming, "otherKind", otherKind, "other", other);
  }

  public static String badAttributeColumn(String field, String column) {
    return Message.BAD_ATTRIBUTE_COLUMN.format("field", field, "column", column);
  }

  public static String reservedColumn(String field, String column) {
    return Message.RESERVED_COLUMN.format(
        "field", field, "column", column, "prefix", ReservedNames.PREFIX);
  }

  // ---- WK104: @TruncatedToMillis ----

  public static String truncatedNotKey(String field) {
    return Message.TRUNCATED_NOT_KEY.format("field", field);
  }

  public static String truncatedType(String field, String type) {
    return Message.TRUNCATED_TYPE.format("field", field, "type", type);
  }

  // ---- WK308: column naming ----

  public static String layoutColumnRenamed(
      String table, String field, String oldColumn, String newColumn) {
    return Message.LAYOUT_COLUMN_RENAMED.format(
        "field", field, "table", table, "newColumn", newColumn, "oldColumn", oldColumn);
  }

  /** A limit in bytes as people write it: "1 KB", "2 MB". */
  private static String size(long bytes) {
    return StoreLimits.sizeText(bytes);
  }

  /**
   * A limit as its size, with its exact bytes after a rounded unit ("1 KB (1024 bytes)"); a limit
   * that is no round unit is already in bytes, which are not repeated.
   */
  private static String limitText(long bytes) {
    String size = size(bytes);
    return size.equals(bytes + " bytes") ? size : size + " (" + bytes + " bytes)";
  }

  private static String quote(int codePoint) {
    return RuleViolationException.codePoint(
        codePoint); // printed as itself it could break the message
  }

  private static String article(ElementKind kind) {
    String k = kind.name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
    return ("aeiou".indexOf(k.charAt(0)) >= 0 ? "an " : "a ") + k;
  }
}
