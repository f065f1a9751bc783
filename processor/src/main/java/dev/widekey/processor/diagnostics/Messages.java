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
 * Every diagnostic text, in one catalogue that the processor and its tests share. Each message
 * starts with its rule id (from the runtime's {@link Rule}), names the element, says why it matters
 * and how to fix it. Limits are quoted from the runtime that enforces them.
 */
public final class Messages {
  private Messages() {}

  /** The service limits the rules check against (Tablestore and Lindorm). */
  private static final StoreLimits LIMITS = StoreLimits.DEFAULT;

  private static String msg(Rule rule, String text) {
    return rule.name() + ": " + text;
  }

  // ---- WK100: entity shape ----

  public static String notRecordOrClass(String type, ElementKind kind) {
    return msg(
        Rule.WK100,
        "@WideTable "
            + type
            + " is "
            + article(kind)
            + "; an entity is a record or a"
            + " class whose rows the generated repository can build. Declare it as a record or class.");
  }

  public static String abstractEntity(String type) {
    return msg(
        Rule.WK100,
        "@WideTable "
            + type
            + " is abstract, so the generated repository cannot create"
            + " it when reading rows. Annotate a concrete record or class.");
  }

  public static String privateEntity(String type) {
    return msg(
        Rule.WK100,
        "@WideTable "
            + type
            + " is private; the generated classes in its package cannot"
            + " use it. Make it at least package-private.");
  }

  public static String innerEntity(String type) {
    return msg(
        Rule.WK100,
        "@WideTable "
            + type
            + " is an inner class, which needs an enclosing instance to"
            + " be created. Make it static.");
  }

  public static String localEntity(String type) {
    return msg(
        Rule.WK100,
        "@WideTable "
            + type
            + " is a local or anonymous class; generated code cannot"
            + " name it. Declare it at top level or as a static member.");
  }

  public static String genericEntity(String type) {
    return msg(
        Rule.WK100,
        "@WideTable "
            + type
            + " has type parameters; a row has one concrete shape."
            + " Remove the type parameters.");
  }

  public static String noGetter(String field, String capitalized) {
    return msg(
        Rule.WK100,
        "field '"
            + field
            + "' is private and has no getter, so generated code cannot"
            + " read it without reflection. Add get"
            + capitalized
            + "() or make the field non-private.");
  }

  /**
   * A private field whose getter or setter is another field's too: {@code what} is "getter" or
   * "setter", {@code method} its name, {@code other} the field that has it first.
   */
  public static String sharedAccessor(String field, String what, String method, String other) {
    return msg(
        Rule.WK100,
        "field '"
            + field
            + "' has "
            + method
            + "() as its "
            + what
            + ", which is the "
            + what
            + " of field '"
            + other
            + "' too, so generated code would read or set one field for the other. Give each"
            + " private field its own accessors (get"
            + Character.toUpperCase(field.charAt(0))
            + field.substring(1)
            + "() and set"
            + Character.toUpperCase(field.charAt(0))
            + field.substring(1)
            + "(...)), or make the fields non-private.");
  }

  public static String noSetter(String field, String setter, String type) {
    return msg(
        Rule.WK100,
        "field '"
            + field
            + "' cannot be set: "
            + type
            + " has no constructor taking"
            + " every field in declaration order, and no "
            + setter
            + "(...). Add one of them.");
  }

  /**
   * A field whose type generated code cannot name: {@code type} (or a type around it, {@code
   * hidden}) is private, or protected or package-private in another package.
   */
  public static String inaccessibleFieldType(
      String field, String type, String hidden, String access, String entity, boolean samePackage) {
    return msg(
        Rule.WK100,
        "field '"
            + field
            + "' has type "
            + type
            + ", but "
            + (hidden.equals(type) ? "that type" : hidden)
            + " is "
            + access
            + ", so the classes generated beside "
            + entity
            + " cannot name it. Make "
            + hidden
            + (samePackage ? " package-private or public." : " public."));
  }

  public static String unstoredFieldAnnotated(String field, String modifier, String annotations) {
    return msg(
        Rule.WK100,
        "field '"
            + field
            + "' is "
            + modifier
            + ", which keeps it out of storage: an entity stores only its instance fields that are"
            + " not transient, so "
            + annotations
            + " on it would be ignored. Remove '"
            + modifier
            + "', or remove "
            + annotations
            + ".");
  }

  public static String inheritedField(String type, String field, String superclass) {
    return msg(
        Rule.WK100,
        type
            + " inherits field '"
            + field
            + "' from "
            + superclass
            + ", but an entity"
            + " stores only the fields it declares, so the value would be lost on every write. Declare"
            + " the field in "
            + type
            + ", or make it transient if it is not meant to be stored.");
  }

  public static String noConstructor(String type) {
    return msg(
        Rule.WK100,
        type
            + " has neither a constructor taking every field in declaration order nor a"
            + " no-argument constructor, so rows cannot be turned back into entities. Add one.");
  }

  public static String unsupportedAttribute(String field, String type) {
    return msg(
        Rule.WK100,
        "field '"
            + field
            + "' has type "
            + type
            + ", which no store column can hold."
            + " Use String, a number, boolean, byte[], UUID, an enum, Instant, LocalDate,"
            + " LocalDateTime, OffsetDateTime, ZonedDateTime or @Money BigDecimal;"
            + " serialise other values (e.g. as JSON text) yourself.");
  }

  public static String reservedName(String field) {
    return msg(
        Rule.WK100,
        "field '"
            + field
            + "' starts with '"
            + ReservedNames.PREFIX
            + "', which widekey reserves for its own"
            + " columns. Rename it.");
  }

  public static String generatedTypeTaken(String type, String generated, String owner) {
    return msg(
        Rule.WK100,
        "@WideTable "
            + type
            + " makes widekey generate "
            + generated
            + ", which entity "
            + owner
            + " generates already (a nested entity's generated classes are named by joining the"
            + " enclosing names with '_'). Rename one of the two entities.");
  }

  public static String generatedTypeExists(String type, String generated) {
    return msg(
        Rule.WK100,
        "@WideTable "
            + type
            + " makes widekey generate "
            + generated
            + ", but the sources already declare a type of that name. Rename that type or the"
            + " entity (widekey's generated classes are the entity's name plus Keys, Table,"
            + " Repository and, for a time-sharded entity, ShardedRepository).");
  }

  public static String generatedTypeHidesAnnotation(String type, String generated) {
    return msg(
        Rule.WK100,
        "@WideTable "
            + type
            + " makes widekey generate a class "
            + generated
            + " in its package, which has the name of the widekey annotation @"
            + generated
            + ": in every file of the package that imports dev.widekey.annotations.*, the"
            + " generated class would hide the annotation. Rename the entity (e.g. "
            + type
            + "Entity).");
  }

  public static String entityHiddenByKeyRecord(String type) {
    return msg(
        Rule.WK100,
        "@WideTable "
            + type
            + " is in the default package and named like the Key record nested in the"
            + " generated "
            + type
            + "Keys, which would hide it there (a class in the default package cannot be"
            + " named by a qualified name). Rename the entity or move it into a package.");
  }

  public static String keyTypeHiddenByKeyRecord(String entity, String field, String type) {
    return msg(
        Rule.WK100,
        "key field '"
            + field
            + "' has type "
            + type
            + ", which is in the default package and named like the Key record nested in the"
            + " generated "
            + entity
            + "Keys, which would hide it there (a class in the default package cannot be named"
            + " by a qualified name). Rename the type or move it into a package.");
  }

  public static String missingType(String type, String missing) {
    return msg(
        Rule.WK100,
        type
            + " refers to type "
            + missing
            + ", which does not exist; fix that type so"
            + " that the entity can be checked and its classes generated.");
  }

  /**
   * An unexpected failure of widekey itself; {@code detail} is the exception's stack trace (its
   * first line is the exception's {@code toString()}).
   */
  public static String internalError(String type, String detail) {
    return msg(Rule.WK100, "widekey failed on " + type + " (please report this): " + detail);
  }

  // ---- WK101: partition key ----

  public static String noPartitionKey(String type) {
    return msg(
        Rule.WK101,
        type
            + " has no @PartitionKey. The partition key (the first primary-key column)"
            + " decides which partition holds each row. Annotate the field(s) whose values spread rows"
            + " evenly, e.g. @PartitionKey(order = 0) on a card or user id.");
  }

  public static String duplicateOrder(String field, String annotation, int order, String other) {
    return msg(
        Rule.WK101,
        "field '"
            + field
            + "' has @"
            + annotation
            + "(order = "
            + order
            + "), the same"
            + " order as field '"
            + other
            + "', so the key layout is ambiguous. Give each component its"
            + " own order, or remove the order from every @"
            + annotation
            + " to take the declaration order.");
  }

  public static String mixedOrders(String field, String annotation, String withOrder, int order) {
    return msg(
        Rule.WK101,
        "field '"
            + field
            + "' has @"
            + annotation
            + " without an order, but field '"
            + withOrder
            + "' states one (order = "
            + order
            + "), so neither the declaration order nor the stated orders decide the key alone."
            + " State an order on every @"
            + annotation
            + ", or on none to take the declaration order.");
  }

  public static String bothPartitionAndKeyColumn(String field) {
    return msg(
        Rule.WK101,
        "field '"
            + field
            + "' is both @PartitionKey and @KeyColumn; a component belongs"
            + " to one primary-key column. Keep one of the two.");
  }

  // ---- WK102: sequential leading component ----

  public static String sequentialLeading(String field, String why) {
    return msg(
        Rule.WK102,
        "field '"
            + field
            + "' leads the partition key but is sequential ("
            + why
            + "):"
            + " every new row lands on the last partition, a write hotspot that more partitions do not"
            + " relieve. Add @HashPrefix(length = 4) to scatter it (on this field or on the type: a"
            + " hash over a later component does not cover it), or @Bucketed(buckets = 16) to keep"
            + " range reads (merged over the buckets), or @Reversed, or lead with a field"
            + " whose values vary and make this one a @KeyColumn; if its values are written"
            + " concurrently rather than in increasing order (many devices, many cards), say so:"
            + " @NotSequential(reason = \"...\").");
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
    return msg(
        Rule.WK102,
        "field '"
            + field
            + "' leads the partition key but has few values ("
            + why
            + "): each value is one partition-key range, so a handful of values makes a handful of"
            + " hot partitions however many the table has. Lead with a field of many values (a"
            + " device or card id) and make this one a later component, or add @HashPrefix; if the"
            + " few values are intended, say so: @NotSequential(reason = \"...\").");
  }

  public static String fewValuesBucketed(String field, String why, long values, int buckets) {
    return msg(
        Rule.WK102,
        "field '"
            + field
            + "' leads the partition key but has few values ("
            + why
            + "), and @Bucketed(buckets = "
            + buckets
            + ") does not spread them: a value's bucket is computed from that value alone, so all"
            + " rows of one value share one bucket and one key range"
            + (values < buckets
                ? ", and "
                    + values
                    + " values fill at most "
                    + values
                    + " of its "
                    + buckets
                    + " buckets"
                : "")
            + ". Lead with a field of many values (a device or card id) and make this one a later"
            + " component; if the few values are intended, say so: @NotSequential(reason ="
            + " \"...\").");
  }

  public static String sequentialNameLeading(String field, String word) {
    return msg(
        Rule.WK102,
        "field '"
            + field
            + "' leads the partition key and its name says '"
            + word
            + "': if its values increase (order numbers, timestamps), every new row lands on the"
            + " last partition, a write hotspot that more partitions do not relieve. Add"
            + " @HashPrefix(length = 4) or @Reversed, or lead with a field whose values vary and"
            + " make this one a @KeyColumn; if its values are written concurrently rather than in"
            + " increasing order, say so: @NotSequential(reason = \"...\").");
  }

  public static String notSequentialMisplaced(String field) {
    return msg(
        Rule.WK102,
        "field '"
            + field
            + "' is @NotSequential but not a partition-key component; the opt-out only means"
            + " something on the leading partition-key component, which decides the partition a"
            + " write lands in. Remove it.");
  }

  public static String notSequentialNotLeading(String field, String leading) {
    return msg(
        Rule.WK102,
        "field '"
            + field
            + "' is @NotSequential but does not lead the partition key (field '"
            + leading
            + "' does); only the leading component decides the partition a write lands in."
            + " Remove it, or move it to the leading component if that is what it is about.");
  }

  public static String notSequentialCovered(String field, String by) {
    return msg(
        Rule.WK102,
        "field '"
            + field
            + "' is @NotSequential but "
            + by
            + " already scatters its writes, so the opt-out means nothing. Remove it.");
  }

  public static String notSequentialContradicts(String field) {
    return msg(
        Rule.WK102,
        "field '"
            + field
            + "' is both @Sequential and @NotSequential; a component is one or the other. Keep"
            + " the one that is true.");
  }

  public static String notSequentialBlankReason(String field) {
    return msg(
        Rule.WK102,
        "field '"
            + field
            + "' is @NotSequential with a blank reason; the reason is the design decision a"
            + " reviewer reads (why values are written concurrently, not in increasing order)."
            + " Write it, e.g. @NotSequential(reason = \"many devices write at the same time\").");
  }

  public static String sequentialNotKey(String field) {
    return msg(
        Rule.WK102,
        "field '"
            + field
            + "' is @Sequential but not a key component; the annotation only"
            + " matters for keys. Remove it or make the field a key component.");
  }

  public static String reversedMisplaced(String field) {
    return msg(
        Rule.WK102,
        "field '"
            + field
            + "' is @Reversed but not a partition-key component; reversing"
            + " only spreads writes when it changes which partition a row lands in. Remove it.");
  }

  public static String reversedType(String field, String type) {
    return msg(
        Rule.WK102,
        "field '"
            + field
            + "' is @Reversed but has type "
            + type
            + "; only String, integral and time components (Instant, LocalDate, LocalDateTime,"
            + " OffsetDateTime, ZonedDateTime) can be reversed: their key text, a time's being the"
            + " digits of its epoch milliseconds (a LocalDate's, of its epoch day).");
  }

  // ---- WK103: padding of spliced integers ----

  public static String unpaddedSplice(String field, String type) {
    return msg(
        Rule.WK103,
        "field '"
            + field
            + "' ("
            + type
            + ") is spliced into the string partition key"
            + " without @Padded: as text 54 sorts after 167, so the key order breaks. Add"
            + " @Padded(width = N) with N digits for the largest value.");
  }

  // ---- WK104: padding width ----

  public static String paddingWidth(String field, String type, int width, int maxDigits) {
    return msg(
        Rule.WK104,
        "field '"
            + field
            + "' has @Padded(width = "
            + width
            + ") but "
            + type
            + " values"
            + " have at most "
            + maxDigits
            + " digits. Use a width from 1 to "
            + maxDigits
            + ".");
  }

  public static String paddingType(String field, String type) {
    return msg(
        Rule.WK104,
        "field '"
            + field
            + "' is @Padded but has type "
            + type
            + "; padding writes whole"
            + " numbers as fixed-width digits. Remove @Padded, or use an integral type.");
  }

  public static String paddingNotKey(String field) {
    return msg(
        Rule.WK104,
        "field '"
            + field
            + "' is @Padded but not a key component; padding only matters"
            + " for key order. Remove it.");
  }

  // ---- WK105: delimiter and alphabets ----

  public static String missingKeyChars(String field, char delimiter) {
    return msg(
        Rule.WK105,
        "field '"
            + field
            + "' is a String spliced into the partition key but declares"
            + " no alphabet, so it could hold the delimiter "
            + quote(delimiter)
            + " and break the key order or"
            + " read another key's rows. Add @KeyChars(\"...\") listing the characters it may hold, all"
            + " above "
            + quote(delimiter)
            + ".");
  }

  /**
   * A {@code @KeyChars} spec the runtime's {@code KeyAlphabet.parse} refused; {@code problem} is
   * its exception message, whose own "@KeyChars(...) is not a valid alphabet: " is not repeated.
   */
  public static String badKeyChars(String field, String spec, String problem) {
    String marker = "is not a valid alphabet: ";
    int at = problem.indexOf(marker);
    String why = at < 0 ? problem : problem.substring(at + marker.length());
    return msg(
        Rule.WK105,
        "field '"
            + field
            + "' has @KeyChars "
            + RuleViolationException.quote(spec)
            + ", which is not a valid"
            + " alphabet: "
            + why
            + ". Write ranges like \"a-zA-Z0-9_\".");
  }

  public static String delimiterNotBelow(String field, char delimiter, int lowest, String source) {
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
    return msg(
        Rule.WK105,
        "the delimiter "
            + quote(delimiter)
            + " does not sort below "
            + quote(lowest)
            + " that field '"
            + field
            + "' may hold ("
            + source
            + "): "
            + why
            + ". Use a delimiter below every"
            + " component character, e.g. ',' (U+002C) for letters and digits, or narrow the alphabet.");
  }

  /**
   * A component of a partition key hashed whole (a type-level {@code @HashPrefix}) that may hold
   * the delimiter: there the delimiter need not sort below the components' characters, but it must
   * stay out of them, or decoding cannot tell where a component ends.
   */
  public static String delimiterInHashedComponent(String field, char delimiter, String source) {
    return msg(
        Rule.WK105,
        "field '"
            + field
            + "' may hold the delimiter "
            + quote(delimiter)
            + " ("
            + source
            + "): a value holding it splits into two components when the key is decoded and can"
            + " read or overwrite another key's rows. The partition key is hashed whole, so the"
            + " delimiter need not sort below the components' characters, only stay out of them:"
            + " use a delimiter no component may hold, or narrow the alphabet.");
  }

  public static String keyCharsType(String field, String type) {
    return msg(
        Rule.WK105,
        "field '"
            + field
            + "' has @KeyChars but type "
            + type
            + "; an alphabet applies to"
            + " String key components. Remove it.");
  }

  public static String keyCharsNotKey(String field) {
    return msg(
        Rule.WK105, "field '" + field + "' has @KeyChars but is not a key component. Remove it.");
  }

  public static String badDelimiter(char delimiter) {
    String why =
        Character.isSurrogate(delimiter)
            ? "is half of a surrogate pair, which cannot be stored as UTF-8"
            : "is a control character, invisible wherever keys are printed, logged or typed";
    return msg(
        Rule.WK105,
        "delimiter "
            + quote(delimiter)
            + " "
            + why
            + ". Use ',' (U+002C), which sorts"
            + " below letters and digits.");
  }

  // ---- WK106: hash prefix ----

  public static String hashLength(int length) {
    return msg(
        Rule.WK106,
        "@HashPrefix(length = "
            + length
            + ") is out of range: use 1 to "
            + HashPrefixWidths.MAX_LENGTH
            + " hex digits"
            + " (4 digits make 65,536 prefixes, plenty to scatter writes).");
  }

  public static String hashPartitions(int partitions, int length) {
    return msg(
        Rule.WK106,
        "@HashPrefix(partitions = "
            + partitions
            + ") cannot be split evenly over a "
            + length
            + "-digit prefix: use 1 to "
            + HashPrefixWidths.maxPartitions(length)
            + " partitions, or leave partitions unset for the profile's default.");
  }

  public static String hashPartitionsOverProfile(int partitions, Profile profile, int max) {
    return msg(
        Rule.WK106,
        "@HashPrefix(partitions = "
            + partitions
            + ") is more than "
            + profile
            + " creates a table with: at most "
            + max
            + " partitions at creation (the service splits them further by itself as data grows),"
            + " so creating the table would fail. Use at most "
            + max
            + ", leave partitions unset for the profile's default, or target profile = HBASE.");
  }

  public static String hashNotPartition(String field) {
    return msg(
        Rule.WK106,
        "field '"
            + field
            + "' has @HashPrefix but is not a partition-key component; the"
            + " prefix only scatters rows when it leads the partition key. Move it to a @PartitionKey"
            + " component or to the type.");
  }

  public static String hashTwice(String where) {
    return msg(
        Rule.WK106,
        where + " has a second @HashPrefix; the partition key takes one prefix. Keep one.");
  }

  public static String hashType(String field, String type) {
    return msg(
        Rule.WK106,
        "field '"
            + field
            + "' has @HashPrefix but type "
            + type
            + "; the prefix is a digest"
            + " of the key's text. Hash a text or integral component instead.");
  }

  // ---- WK106: buckets (the other scatter prefix) ----

  public static String bucketedNotPartition(String field) {
    return msg(
        Rule.WK106,
        "field '"
            + field
            + "' has @Bucketed but is not a partition-key component; a bucket only"
            + " spreads writes when it leads the partition key. Put @Bucketed on the leading"
            + " @PartitionKey component.");
  }

  public static String bucketedNotLeading(String field, String leading) {
    return msg(
        Rule.WK106,
        "field '"
            + field
            + "' is @Bucketed but does not lead the partition key ('"
            + leading
            + "' does); the bucket is stored first in the first key column and is computed from the"
            + " leading component, so point reads can find it. Bucket '"
            + leading
            + "', or make '"
            + field
            + "' @PartitionKey(order = 0).");
  }

  public static String bucketedType(String field, String type) {
    return msg(
        Rule.WK106,
        "field '"
            + field
            + "' has @Bucketed but type "
            + type
            + "; the bucket is a number's value mod N or a digest of the key's text. Bucket a"
            + " text, integral, time, UUID or enum component.");
  }

  public static String bucketCount(int buckets) {
    return msg(
        Rule.WK106,
        "@Bucketed(buckets = "
            + buckets
            + ") is out of range: use "
            + BucketCounts.MIN_BUCKETS
            + " to "
            + BucketCounts.MAX_BUCKETS
            + " buckets (one bucket spreads nothing; every range read scans each bucket, so more"
            + " than "
            + BucketCounts.MAX_BUCKETS
            + " make reads a fan-out storm). 16 spread writes over 16 partitions.");
  }

  public static String bucketFanOut(String field, int buckets) {
    return msg(
        Rule.WK106,
        "field '"
            + field
            + "' has @Bucketed(buckets = "
            + buckets
            + "): every range read over it runs "
            + buckets
            + " scans and merges them (a page per bucket in memory, "
            + buckets
            + " requests per page of results), more than the "
            + BucketCounts.FAN_OUT_WARNING
            + " that spread writes over any cluster. Use at most "
            + BucketCounts.FAN_OUT_WARNING
            + " unless writes need more.");
  }

  public static String bucketedWithHashPrefix(String field) {
    return msg(
        Rule.WK106,
        "field '"
            + field
            + "' is @Bucketed and the partition key also has a @HashPrefix; both lead the"
            + " first key column to scatter writes, and a key takes one scatter. Keep @Bucketed"
            + " for range reads merged over the buckets, or @HashPrefix for point reads only.");
  }

  public static String bucketedReversed(String field) {
    return msg(
        Rule.WK106,
        "field '"
            + field
            + "' is both @Bucketed and @Reversed; each scatters the sequential value on its"
            + " own, and reversed text has no range to merge. Pick one: @Bucketed keeps range"
            + " reads.");
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
    return msg(
        Rule.WK108,
        "field '"
            + field
            + "' of type "
            + type
            + " cannot be a key component: "
            + why
            + ". Key components are String, integral numbers, UUID, enums, byte[], Instant,"
            + " LocalDate, LocalDateTime, OffsetDateTime and ZonedDateTime.");
  }

  public static String splicedBytes(String field) {
    return msg(
        Rule.WK108,
        "field '"
            + field
            + "' is a byte[] spliced into the string partition key; bytes"
            + " have no text form that keeps their order. Make it the only partition-key component or a"
            + " @KeyColumn.");
  }

  // ---- WK113: descending key columns ----

  public static String badDescending(String field, String type, String why) {
    return msg(
        Rule.WK113,
        "field '"
            + field
            + "' of type "
            + type
            + " cannot be a descending key column: "
            + why
            + ". Only a column stored as an integer (an integral type without @Padded, or a time:"
            + " Instant, LocalDate, LocalDateTime, OffsetDateTime, ZonedDateTime) is stored"
            + " descending, as the complement of its value. Drop descending = true and"
            + " read newest first with the generated ...Descending scans instead.");
  }

  // ---- WK109: column size ----

  public static String columnTooLarge(String column, long bytes, String detail) {
    return columnTooLarge(column, bytes, detail, Profile.TABLESTORE);
  }

  public static String columnTooLarge(String column, long bytes, String detail, Profile profile) {
    int limit = StoreLimits.of(profile).maxPkColumnBytes();
    return msg(
        Rule.WK109,
        "primary-key column '"
            + column
            + "' can reach "
            + bytes
            + " bytes ("
            + detail
            + "), over the "
            + size(limit)
            + " ("
            + limit
            + " bytes) limit of a primary-key column on "
            + profile
            + ". Lower @MaxLength or restrict @KeyChars to ASCII.");
  }

  public static String keyTooLarge(String field, long bytes, String detail, Profile profile) {
    StoreLimits limits = StoreLimits.of(profile);
    int limit = limits.maxPkTotalBytes();
    return msg(
        Rule.WK109,
        "the primary key can reach "
            + bytes
            + " bytes in "
            + limits.sizeMeasure().keyMeasured()
            + " ("
            + detail
            + "), over "
            + profile
            + "'s limit of "
            + size(limit)
            + " ("
            + limit
            + " bytes) for all primary-key values of a row together, so a write of the"
            + " largest keys would fail. Lower @MaxLength, starting with field '"
            + field
            + "', or move a column into the attributes.");
  }

  public static String rowKeyTooLarge(String field, long bytes, String detail, Profile profile) {
    int limit = StoreLimits.of(profile).maxRowKeyBytes();
    return msg(
        Rule.WK109,
        "the primary key can encode into a row key of "
            + bytes
            + " bytes ("
            + detail
            + ": each column a marker byte, its bytes, a zero byte escaped as two and an end mark),"
            + " over "
            + profile
            + "'s row-key limit of "
            + limit
            + " bytes, so a write of the largest keys would fail. Lower @MaxLength, starting"
            + " with field '"
            + field
            + "'.");
  }

  public static String maxLengthValue(String field, int value) {
    return msg(
        Rule.WK109,
        "field '"
            + field
            + "' has @MaxLength("
            + value
            + "); a maximum length is at"
            + " least 1.");
  }

  public static String maxLengthType(String field, String type) {
    return msg(
        Rule.WK109,
        "field '"
            + field
            + "' has @MaxLength but type "
            + type
            + "; it bounds String key"
            + " components. Remove it.");
  }

  public static String maxLengthNotKey(String field) {
    return msg(
        Rule.WK109,
        "field '"
            + field
            + "' has @MaxLength but is not a key component; it bounds key"
            + " columns against the "
            + size(LIMITS.maxPkColumnBytes())
            + " limit. Remove it.");
  }

  // ---- WK110: column count ----

  public static String tooManyKeyColumns(String field, int columns) {
    return tooManyKeyColumns(field, columns, Profile.TABLESTORE);
  }

  public static String tooManyKeyColumns(String field, int columns, Profile profile) {
    int max = StoreLimits.of(profile).maxPkColumns();
    return msg(
        Rule.WK110,
        "field '"
            + field
            + "' makes "
            + columns
            + " primary-key columns; "
            + profile
            + " allows "
            + max
            + " (the partition key and "
            + (max - 1)
            + " more), so the table cannot be created. Splice components into the partition key,"
            + " make this one an attribute, or target profile = HBASE.");
  }

  public static String binaryNotLast(String field, Profile profile) {
    return msg(
        Rule.WK110,
        "field '"
            + field
            + "' is a byte[] primary-key column that is not the last one; "
            + profile
            + " allows a binary primary-key column only in last place, so the table cannot be"
            + " created. Make it the last @KeyColumn, or store its text (e.g. hex) instead.");
  }

  public static String binaryPartitionBeforeTag(String field, Profile profile) {
    return msg(
        Rule.WK110,
        "field '"
            + field
            + "' is a byte[] partition column, which the entity's cold and chunk tables hold before"
            + " the write's tag (they are keyed by the partition column, then the tag); "
            + profile
            + " allows a binary primary-key column only in last place, so those tables cannot be"
            + " created. Store its text (e.g. hex) instead, or keep every column in the hot row.");
  }

  // ---- WK201: money ----

  public static String bigDecimalWithoutMoney(String field) {
    return msg(
        Rule.WK201,
        "field '"
            + field
            + "' is a BigDecimal without @Money; the stores have no decimal"
            + " type and a double cannot hold 0.1 exactly. Add @Money(scale = 2) to store it as a long of"
            + " minor units (5.32 -> 532).");
  }

  public static String floatingMoney(String field, String type) {
    return msg(
        Rule.WK201,
        "field '"
            + field
            + "' looks like money but is a "
            + type
            + ": binary floating"
            + " point cannot hold 0.1 exactly, so amounts drift. Use BigDecimal with @Money(scale = 2), or a"
            + " long of minor units.");
  }

  public static String moneyType(String field, String type) {
    return msg(
        Rule.WK201,
        "field '"
            + field
            + "' has @Money but type "
            + type
            + "; @Money converts a"
            + " BigDecimal to a long of minor units. Declare it as BigDecimal.");
  }

  public static String moneyScale(String field, int scale) {
    return msg(
        Rule.WK201,
        "field '"
            + field
            + "' has @Money(scale = "
            + scale
            + "); use a scale from 0 to "
            + ValueLimits.MONEY_MAX_SCALE
            + " so that minor units fit a long.");
  }

  public static String moneyOnKey(String field) {
    return msg(
        Rule.WK201,
        "field '"
            + field
            + "' is a key component with @Money; money is an attribute, not"
            + " a key. Remove @Money or the key annotation.");
  }

  // ---- WK202: large values ----

  public static String chunkedType(String field, String type) {
    return msg(
        Rule.WK202,
        "field '"
            + field
            + "' is @Chunked but has type "
            + type
            + "; only String and"
            + " byte[] values can outgrow the "
            + size(LIMITS.maxAttributeBytes())
            + " attribute limit. Remove @Chunked.");
  }

  /** {@code @Chunked(maxBytes)} outside 1 … the largest Java array. */
  public static String chunkedCapRange(String field, long cap) {
    return msg(
        Rule.WK202,
        "field '"
            + field
            + "' is @Chunked(maxBytes = "
            + cap
            + "), but a chunked value holds from 1 byte to "
            + ValueLimits.LARGEST_MAX_CHUNKED_BYTES
            + " bytes (it is read back into one array). Set maxBytes within that range (default "
            + size(ValueLimits.DEFAULT_MAX_CHUNKED_BYTES)
            + ").");
  }

  /** {@code @Chunked(maxBytes)} needing more chunk rows than one multi-get of the profile reads. */
  public static String chunkedCapParts(String field, long cap, Profile profile) {
    StoreLimits limits = StoreLimits.of(profile);
    return msg(
        Rule.WK202,
        "field '"
            + field
            + "' is @Chunked(maxBytes = "
            + cap
            + "), which takes up to "
            + ValueLimits.chunkPartsOf(cap, limits)
            + " chunk rows of "
            + size(ValueLimits.chunkBytes(limits))
            + ", more than the "
            + limits.maxMultiGetRows()
            + " keys one multi-get reads, so a value could not be read in one. Lower maxBytes.");
  }

  public static String chunkedKey(String field) {
    return msg(
        Rule.WK202,
        "field '"
            + field
            + "' is a key component and cannot be @Chunked: a key column"
            + " holds at most "
            + size(LIMITS.maxPkColumnBytes())
            + ". Remove @Chunked.");
  }

  // ---- WK204: hot and cold columns ----

  public static String coldKey(String field) {
    return msg(
        Rule.WK204,
        "field '"
            + field
            + "' is a key component and cannot be a @ColdColumn: cold"
            + " columns live in another table read only on demand, while the key finds every row. Remove"
            + " @ColdColumn.");
  }

  public static String compressType(String field, String type) {
    return msg(
        Rule.WK204,
        "field '"
            + field
            + "' has @ColdColumn(compress = true) but type "
            + type
            + ";"
            + " only String and byte[] values are compressed. Use @ColdColumn without compress.");
  }

  public static String inflatedCapWithoutCompress(String field) {
    return msg(
        Rule.WK203,
        "field '"
            + field
            + "' sets @ColdColumn(maxInflatedBytes) without compress = true; the cap bounds a"
            + " compressed value once inflated, and an uncompressed value is bounded by the"
            + " attribute limit. Add compress = true, or remove maxInflatedBytes.");
  }

  public static String inflatedCapRange(String field, long cap) {
    return msg(
        Rule.WK203,
        "field '"
            + field
            + "' has @ColdColumn(maxInflatedBytes = "
            + cap
            + "), outside 1.."
            + ValueLimits.LARGEST_MAX_INFLATED_BYTES
            + " (the largest array); a value inflates into one array. Use a cap in that range,"
            + " or leave it out for the default of "
            + ValueLimits.DEFAULT_MAX_INFLATED_BYTES
            + " bytes.");
  }

  public static String coldPrimitive(String field, String type, String boxed) {
    return msg(
        Rule.WK204,
        "@ColdColumn field '"
            + field
            + "' has primitive type "
            + type
            + ", which cannot"
            + " say 'not loaded' when the cold table is not read. Declare it as "
            + boxed
            + ".");
  }

  public static String coldTableSameName(String table) {
    return msg(
        Rule.WK204,
        "coldTable \""
            + table
            + "\" is the hot table's own name; cold columns need a"
            + " table of their own. Choose another name or leave coldTable empty.");
  }

  // ---- WK205: Lindorm rows ----

  public static String noHotAttribute(String type) {
    return msg(
        Rule.WK205,
        type
            + " has no non-key column outside the cold table, but a Lindorm row must"
            + " carry at least one. Add an attribute, or move one out of @ColdColumn.");
  }

  // ---- WK209: time to live ----

  public static String badTtl(long ttlSeconds, Profile profile) {
    long min = StoreLimits.of(profile).minTtlSeconds();
    long max = StoreLimits.MAX_TTL_SECONDS;
    boolean tooLong = ttlSeconds > max;
    String why;
    if (tooLong) {
      why =
          " (about 68 years: HBase and Lindorm read "
              + String.format(java.util.Locale.ROOT, "%,d", max + 1)
              + " as forever and take no longer one, and no service takes more)";
    } else {
      why = min > 1 ? " (the service refuses a shorter one when creating the table)" : "";
    }
    return msg(
        Rule.WK209,
        "ttlSeconds = "
            + ttlSeconds
            + " is not a time to live "
            + profile
            + " accepts: -1 (rows never expire) or "
            + String.format(java.util.Locale.ROOT, "%,d", min)
            + " to "
            + String.format(java.util.Locale.ROOT, "%,d", max)
            + " seconds"
            + why
            + ". Use "
            + (tooLong
                ? "-1 for rows that never expire, or at most " + max
                : "-1 or at least " + min)
            + ".");
  }

  // ---- WK210, WK211: time-sharded tables ----

  public static String shardFieldMissing(String type, String field) {
    return msg(
        Rule.WK210,
        "@TimeSharded by "
            + RuleViolationException.quote(field)
            + " names no field of "
            + type
            + "; the shard field's value picks the period table each row goes to. Name one of the"
            + " entity's time fields.");
  }

  public static String shardFieldType(String field, String type) {
    return msg(
        Rule.WK210,
        "shard field '"
            + field
            + "' is a "
            + type
            + ", but period tables are picked by a point in time. Make it an Instant (or a"
            + " LocalDate, LocalDateTime taken as UTC, OffsetDateTime or ZonedDateTime).");
  }

  public static String shardFieldCold(String field) {
    return msg(
        Rule.WK210,
        "shard field '"
            + field
            + "' is a @ColdColumn, but reads over a time window read the hot rows only and"
            + " filter them by it. Keep it on the hot row.");
  }

  public static String shardRetain(int retain) {
    return msg(
        Rule.WK210,
        "retain = "
            + retain
            + " keeps no period, so every table would be dropped as soon as it is written. Keep at"
            + " least 1 (the current period).");
  }

  public static String shardAhead(int ahead) {
    return msg(
        Rule.WK210,
        "ahead = "
            + ahead
            + " creates tables before the current period. Use 0 (none ahead) or more.");
  }

  public static String shardedWithoutWideTable(String type) {
    return msg(
        Rule.WK210,
        type
            + " is @TimeSharded but not a @WideTable, so it is no entity: widekey would ignore"
            + " @TimeSharded and create no period tables. Add @WideTable(name = \"...\"), or"
            + " remove @TimeSharded.");
  }

  public static String shardTableName(String member, String table, String longest) {
    return msg(
        Rule.WK210,
        "@WideTable("
            + member
            + ") \""
            + table
            + "\" makes period tables such as \""
            + longest
            + "\", which is not a legal table name on every service ("
            + ServiceNames.PATTERN
            + "). Shorten the name, or use a longer period.");
  }

  public static String shardTablesOverLimit(
      String type, long tables, int retain, int ahead, int perPeriod, Profile profile) {
    return msg(
        Rule.WK211,
        type
            + " keeps up to "
            + tables
            + " tables ((retain "
            + retain
            + " + ahead "
            + ahead
            + ") x "
            + perPeriod
            + (perPeriod == 1 ? " table" : " tables")
            + " per period, plus "
            + fenceTable()
            + "), but one "
            + profile
            + " instance holds "
            + StoreLimits.maxTables(profile)
            + " tables by default. Keep fewer periods, or use a longer period.");
  }

  public static String shardTablesOverHalf(
      String type, long tables, int retain, int ahead, int perPeriod, Profile profile) {
    return msg(
        Rule.WK211,
        type
            + " alone keeps up to "
            + tables
            + " tables ((retain "
            + retain
            + " + ahead "
            + ahead
            + ") x "
            + perPeriod
            + " per period, plus "
            + fenceTable()
            + "), more than half the "
            + StoreLimits.maxTables(profile)
            + " tables one "
            + profile
            + " instance holds by default, which every other entity shares. Keep fewer periods,"
            + " use a longer period, or have the instance's limit raised.");
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
    return msg(
        Rule.WK306,
        "index '"
            + index
            + "' lists no columns. List the indexed properties in key order, the first leading"
            + " the index key: @Index(name = \""
            + index
            + "\", columns = {\"cardId\"}).");
  }

  public static String indexUnknownColumn(
      String index, String column, String entity, String closest) {
    return msg(
        Rule.WK306,
        "index '"
            + index
            + "' lists column '"
            + column
            + "', but "
            + entity
            + " has no stored property of that name"
            + (closest == null ? "" : "; did you mean '" + closest + "'?")
            + " An index column names a property of the entity, as written in Java.");
  }

  public static String indexDuplicateColumn(String index, String column) {
    return msg(
        Rule.WK306,
        "index '"
            + index
            + "' lists column '"
            + column
            + "' twice; a key holds a value once. Remove the repeat.");
  }

  public static String indexColdColumn(String index, String column, String annotation) {
    return msg(
        Rule.WK306,
        "index '"
            + index
            + "' lists column '"
            + column
            + "', which is "
            + annotation
            + ": an index is maintained from the hot row, which does not hold it. Index a hot"
            + " property, or store this one in the hot table.");
  }

  public static String indexIsKeyPrefix(String index, String columns) {
    return msg(
        Rule.WK306,
        "index '"
            + index
            + "' indexes "
            + columns
            + ", the leading columns of the primary key in the same order: the table already"
            + " reads them in key order (scanBy...), so the index only adds a row write per put."
            + " Remove the index, or index other columns.");
  }

  public static String indexNameTaken(String index, String accessor) {
    return msg(
        Rule.WK306,
        "index name '"
            + index
            + "' would name the repository's accessor "
            + accessor
            + "(), which is a Java keyword or a method every repository has. Choose another name"
            + " (by_"
            + index
            + ").");
  }

  public static String indexTableIsOwn(String index, String table) {
    return msg(
        Rule.WK207,
        "index '"
            + index
            + "' would be table "
            + table
            + ", which is already the entity's own cold or chunk table; its rows would mix with"
            + " the index's. Rename the index (by_"
            + index
            + ").");
  }

  public static String indexSameMembers(String index, String other, String accessor) {
    return msg(
        Rule.WK306,
        "index names '"
            + index
            + "' and '"
            + other
            + "' would both be "
            + accessor
            + "() and "
            + Character.toUpperCase(accessor.charAt(0))
            + accessor.substring(1)
            + "Index in the generated code; rename one.");
  }

  public static String indexNameTwice(String index, String entity) {
    return msg(
        Rule.WK306,
        entity
            + " declares index '"
            + index
            + "' twice; the name names its table and its generated members. Rename one.");
  }

  public static String indexBadName(String index) {
    return msg(
        Rule.WK306,
        "index name '"
            + index
            + "' is not lower-case letters and digits in words joined by '_' (by_card): it ends"
            + " the index table's name and names the generated members (INDEX_BY_CARD,"
            + " byCard()).");
  }

  public static String indexOptionTwice(String index, String member) {
    return msg(
        Rule.WK306,
        "index '"
            + index
            + "' gives "
            + member
            + " more than once; an index key has one partition key, so at most one. Keep one.");
  }

  public static String tooManyIndexes(String entity, int count, int threshold) {
    return msg(
        Rule.WK306,
        entity
            + " declares "
            + count
            + " indexes, more than "
            + threshold
            + ": each put writes one more row per index, and a put that changes an indexed value"
            + " also deletes the old index row, so writes cost up to "
            + (1 + 2 * count)
            + " row operations instead of 1. Keep the indexes the reads need, or read through the"
            + " primary key.");
  }

  public static String indexesOverLindormQuota(String entity, int count, int quota) {
    return msg(
        Rule.WK306,
        entity
            + " declares "
            + count
            + " indexes; LINDORM allows at most "
            + quota
            + " index tables in a database (Lindorm, Quotas and limits:"
            + " alibabacloud.com/help/en/lindorm/latest/quotas-and-limits). Drop or merge indexes.");
  }

  public static String indexWithoutWideTable(String type) {
    return msg(
        Rule.WK306,
        type
            + " has @Index but no @WideTable; the index would be ignored. Annotate the type with"
            + " @WideTable, or remove the @Index.");
  }

  public static String indexTooManyColumns(String index, int columns, Profile profile) {
    return msg(
        Rule.WK110,
        "index '"
            + index
            + "' makes "
            + (columns + 1)
            + " primary-key columns ("
            + columns
            + " indexed and the trailing reference column "
            + ReservedNames.INDEX_REF_COLUMN
            + " that names the row); "
            + profile
            + " allows "
            + StoreLimits.of(profile).maxPkColumns()
            + ". Index at most "
            + (StoreLimits.of(profile).maxPkColumns() - 1)
            + " columns.");
  }

  public static String indexBinaryColumn(String index, String column, Profile profile) {
    return msg(
        Rule.WK110,
        "index '"
            + index
            + "' column '"
            + column
            + "' is a byte[] key column before the index's reference column; "
            + profile
            + " allows a binary primary-key column only in last place, and the reference column"
            + " is last. Index its text (e.g. hex) instead.");
  }

  public static String indexRefTooLarge(String index, long bytes, Profile profile) {
    return msg(
        Rule.WK109,
        "index '"
            + index
            + "' reference column holds the row's encoded primary key and the write tag (9 bytes encoded), up"
            + " to "
            + bytes
            + " bytes as the primary key is declared; "
            + profile
            + " allows "
            + StoreLimits.of(profile).maxPkColumnBytes()
            + " bytes in one primary-key column. Bound the primary key's components tighter"
            + " (@MaxLength).");
  }

  // ---- WK207: table names ----

  public static String badTableName(String member, String table) {
    return msg(
        Rule.WK207,
        member
            + " "
            + RuleViolationException.quote(table)
            + " is not a valid table name: Tablestore and Lindorm"
            + " accept 1 to 255 letters, digits and '_', starting with a letter or '_' (and the name also"
            + " names the schema file). Rename the table, e.g. \"order_items\".");
  }

  /** {@code components}: the components' names, as {@code 'a', 'b'}. */
  public static String joinedColumnTooLong(String column, String components) {
    return joinedColumn(
        column,
        components,
        "is "
            + column.length()
            + " characters long; the services accept column names of "
            + ServiceNames.PATTERN);
  }

  public static String joinedColumnTaken(String column, String components, String field) {
    return joinedColumn(
        column,
        components,
        "is also the name of field '" + field + "', so both would be written to one column");
  }

  public static String joinedColumnReserved(String column, String components) {
    return joinedColumn(
        column,
        components,
        "starts with '" + ReservedNames.PREFIX + "', which widekey reserves for its own columns");
  }

  private static String joinedColumn(String column, String components, String problem) {
    return msg(
        Rule.WK207,
        "the partition-key components "
            + components
            + " are spliced into one column named '"
            + (column.length() > 80 ? column.substring(0, 80) + "..." : column)
            + "' (their names joined by '_'), which "
            + problem
            + ". Rename one of the components.");
  }

  public static String hashOverBytes(String field) {
    return msg(
        Rule.WK106,
        "@HashPrefix on the type digests the partition key's text, but its only component '"
            + field
            + "' is a byte[], which has no text form. Lead with a String or number, or drop"
            + " @HashPrefix.");
  }

  public static String badColumnName(String field) {
    return msg(
        Rule.WK207,
        "field '"
            + field
            + "' names a column, but Tablestore and Lindorm accept only"
            + " letters, digits and '_' in column names. Rename the field.");
  }

  public static String tableTaken(String table, String owner) {
    return msg(
        Rule.WK207,
        "table \""
            + table
            + "\" is already a table of entity "
            + owner
            + "; two entities"
            + " in one table would overwrite each other's rows under different key layouts. Give this"
            + " entity a table of its own.");
  }

  /**
   * A table named like a period table of a time-sharded entity's table {@code base} (or, {@code
   * mine}, the other way round): its rows would share that table, and retention would drop it.
   */
  public static String periodTableTaken(
      String table, String base, String period, String owner, boolean mine) {
    return msg(
        Rule.WK207,
        "table \""
            + table
            + "\" "
            + (mine ? "of entity " + owner + " " : "")
            + "is named like a "
            + period
            + " period table of the time-sharded table \""
            + base
            + "\""
            + (mine ? "" : " of entity " + owner)
            + ": the two entities would share that table, and retention would drop it with the"
            + " period. Give the entities tables whose names do not extend each other's.");
  }

  // ---- WK208: versions ----

  public static String unstoredVersion(String field, String modifier) {
    return msg(
        Rule.WK208,
        "@Version field '"
            + field
            + "' is "
            + modifier
            + ", which keeps it out of storage: the version would never be written or read, and"
            + " every put would be unconditional. Remove '"
            + modifier
            + "' so that the version is stored, or remove @Version.");
  }

  public static String versionType(String field, String type) {
    return msg(
        Rule.WK208,
        "@Version field '"
            + field
            + "' has type "
            + type
            + "; a version is a primitive long: 0 for a new entity, one more on every write, compared"
            + " by the store as an integer column. Declare it as long.");
  }

  public static String versionOnKey(String field) {
    return msg(
        Rule.WK208,
        "field '"
            + field
            + "' is a key component and cannot be the @Version: the key finds the row, the version"
            + " says which state of it is stored, and incrementing a key would write another row."
            + " Add a separate long attribute for the @Version.");
  }

  public static String versionTwice(String field, String first) {
    return msg(
        Rule.WK208,
        "field '"
            + field
            + "' is a second @Version, after '"
            + first
            + "'; a write checks and increments one version per row. Remove one @Version.");
  }

  public static String versionCold(String field) {
    return msg(
        Rule.WK208,
        "@Version field '"
            + field
            + "' is a @ColdColumn, but a conditional write is checked on the hot row, atomically"
            + " with writing it, and the cold table is read only on demand. Remove @ColdColumn.");
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
    return msg(
        Rule.WK308,
        "the key layout of table '"
            + table
            + "' differs from its committed layout file "
            + table
            + ".layout:"
            + diff(removed, added)
            + "\nThe table's rows are stored under the committed layout: under the new one, no"
            + " existing row is found again and new rows are mixed in with rows nothing can read,"
            + " and on Lindorm a table's primary-key schema cannot be modified after it is"
            + " created."
            + newTableWayOut(entity, hotTable));
  }

  public static String layoutAttributeChanged(
      String entity, String hotTable, String table, String oldLine, String newLine) {
    return msg(
        Rule.WK308,
        "an attribute column of table '"
            + table
            + "' is stored differently from its committed layout file "
            + table
            + ".layout:"
            + diff(java.util.List.of(oldLine), java.util.List.of(newLine))
            + "\nThe values of existing rows were written the old way and would be misread."
            + " Keep the old type and encoding, or store the field under a new name (a new"
            + " column) and keep the old field until its values are migrated."
            + newTableWayOut(entity, hotTable));
  }

  public static String layoutAttributeRenamed(String table, String oldName, String newName) {
    return msg(
        Rule.WK308,
        "field '"
            + newName
            + "' is stored in a new column of table '"
            + table
            + "' while column '"
            + oldName
            + "' of the same type is gone from it (committed layout file "
            + table
            + ".layout): a rename. Rows written before it keep their value in '"
            + oldName
            + "', which nothing reads any longer: every existing row would read '"
            + newName
            + "' as null. Undo the rename, or acknowledge that the old values are no longer read:"
            + " @RenamedFrom(\""
            + oldName
            + "\") on '"
            + newName
            + "' (a re-keying job into a new table copies the old column into the new one).");
  }

  public static String layoutAttributeMoved(String field, String fromTable, String toTable) {
    return msg(
        Rule.WK308,
        "field '"
            + field
            + "' moved from table '"
            + fromTable
            + "' to table '"
            + toTable
            + "' (committed layout file "
            + fromTable
            + ".layout): the values of existing rows stay in '"
            + fromTable
            + "', and reads would look for them in '"
            + toTable
            + "' and find none. Undo the move (@ColdColumn decides the table), or move the"
            + " entity to a new table and re-key it (@RekeyedFrom).");
  }

  public static String layoutAttributeRemoved(String table, String column) {
    return msg(
        Rule.WK308,
        "column '"
            + column
            + "' of table '"
            + table
            + "' is in its committed layout file "
            + table
            + ".layout but no field stores it any longer: its values stay in the table, unread."
            + " If that is meant, record it: delete "
            + table
            + ".layout or build once with -Awidekey.layouts.update=true, and commit the file.");
  }

  public static String layoutNewTable(String table, String file) {
    return msg(
        Rule.WK308,
        "table '"
            + table
            + "' has no committed layout file; its layout is written to "
            + file
            + ". Commit it: later builds check the entity against it.");
  }

  public static String layoutPassingChange(
      String table, java.util.List<String> removed, java.util.List<String> added) {
    return msg(
        Rule.WK308,
        "the layout of table '"
            + table
            + "' changed in ways that leave its stored rows readable:"
            + diff(removed, added)
            + "\nThe committed file "
            + table
            + ".layout is not rewritten: delete it or build once with"
            + " -Awidekey.layouts.update=true, and commit it.");
  }

  public static String layoutUpdated(String table, String file) {
    return msg(
        Rule.WK308,
        "the layout file of table '"
            + table
            + "' was rewritten with its passing changes (widekey.layouts.update=true): "
            + file
            + ". Commit it.");
  }

  public static String layoutStaleFile(String table, String file) {
    return msg(
        Rule.WK308,
        "layout file "
            + file
            + " describes table '"
            + table
            + "', which no @WideTable entity of this build stores and no @RekeyedFrom names:"
            + " a renamed or deleted entity, whose table and rows still exist. Delete the file"
            + " once the table is dropped, or name it in @RekeyedFrom to move its rows.");
  }

  public static String layoutUnreadable(String file, String reason) {
    return msg(
        Rule.WK308,
        "the layout file "
            + file
            + " cannot be read, so the entity's key layout cannot be checked against it: "
            + reason
            + ". Restore the committed file from version control.");
  }

  public static String rekeyedFromMissing(String table, String directory) {
    return msg(
        Rule.WK308,
        "@RekeyedFrom(table = \""
            + table
            + "\") names a table without a layout file in the layout directory "
            + directory
            + ": the re-keying job decodes the old table's keys from it. Name a table whose"
            + " "
            + table
            + ".layout is committed there (restore it from version control).");
  }

  public static String rekeyedFromWithoutDirectory(String table) {
    return msg(
        Rule.WK308,
        "@RekeyedFrom(table = \""
            + table
            + "\") needs the committed layout file "
            + table
            + ".layout, but the build sets no layout directory. Add the processor option"
            + " -Awidekey.layouts=<directory of committed layout files>.");
  }

  public static String rekeyedFromItself(String table) {
    return msg(
        Rule.WK308,
        "@RekeyedFrom(table = \""
            + table
            + "\") names the entity's own table: a re-keying job reads the old table and"
            + " writes a new one, never the same. Give the entity a new table name,"
            + " @WideTable(name = \""
            + table
            + "_v2\").");
  }

  public static String renamedFromOnKey(String field) {
    return msg(
        Rule.WK308,
        "@RenamedFrom on key component '"
            + field
            + "' renames a primary-key column, which is a new key layout, not a rename of an"
            + " attribute. Remove @RenamedFrom; to rename a key component, move the entity to a"
            + " new table (@WideTable(name = ...) with @RekeyedFrom).");
  }

  // ---- WK212: converters, @Transient, column naming ----

  public static String converterNotConverter(String field, String converter) {
    return msg(
        Rule.WK212,
        "field '"
            + field
            + "' names converter "
            + converter
            + ", which does not implement dev.widekey.runtime.value.AttributeConverter<J, S>:"
            + " generated code calls toStored and fromStored on it directly, never by reflection."
            + " Implement AttributeConverter<J, S> with J the field's type and S one of String,"
            + " Long, Double, Boolean or byte[].");
  }

  public static String converterWrongType(
      String field, String fieldType, String converter, String javaType) {
    return msg(
        Rule.WK212,
        "field '"
            + field
            + "' has type "
            + fieldType
            + ", but its converter "
            + converter
            + " converts "
            + javaType
            + ": the generated repository passes the field's value to toStored and stores what"
            + " fromStored returns in it, so J must be the field's type exactly (a primitive field"
            + " takes its boxed type's converter only as that boxed type). Use a converter of "
            + fieldType
            + ", or change the field's type.");
  }

  public static String converterStoredType(String field, String converter, String storedType) {
    return msg(
        Rule.WK212,
        "field '"
            + field
            + "''s converter "
            + converter
            + " stores "
            + storedType
            + ", which no store holds as a column value: a converter stores String, Long, Double,"
            + " Boolean or byte[]. Convert to one of those (text, or bytes of your own encoding).");
  }

  public static String converterNotConstructible(String field, String converter) {
    return msg(
        Rule.WK212,
        "field '"
            + field
            + "''s converter "
            + converter
            + " has no public no-argument constructor, or is not a public concrete class (a static"
            + " member of public types, if nested): the generated repository keeps one instance,"
            + " made with 'new "
            + converter
            + "()', in a constant. Make the class public and give it a public constructor without"
            + " parameters.");
  }

  public static String converterOnKey(String field) {
    return msg(
        Rule.WK212,
        "field '"
            + field
            + "' is a key component (of the primary key or an @Index) and cannot be @Convert: a"
            + " key's stored bytes decide the order of rows and range reads, which only widekey's"
            + " own order-preserving key encodings (@Padded, @KeyChars, epoch milliseconds,"
            + " enum names) keep, and which the layout lock checks. Key on a field of a key type"
            + " (String, an integer, UUID, enum, a time) and keep the converted value an"
            + " attribute.");
  }

  public static String converterWith(String field, String annotation) {
    return msg(
        Rule.WK212,
        "field '"
            + field
            + "' is @Convert and "
            + annotation
            + ", which encodes the field's own value; a converted field is stored as its"
            + " converter's stored value. Remove one of them.");
  }

  public static String transientKey(String field, String role) {
    return msg(
        Rule.WK212,
        "field '"
            + field
            + "' is @Transient and "
            + role
            + ": a transient field is not stored, but every row is found by its key. Remove"
            + " @Transient, or make the field no key component.");
  }

  public static String transientAnnotated(String field, String annotations) {
    return msg(
        Rule.WK212,
        "field '"
            + field
            + "' is @Transient, which keeps it out of storage, so "
            + annotations
            + " on it would be ignored. Remove @Transient, or remove "
            + annotations
            + ".");
  }

  public static String columnClash(
      String field, String column, String other, String naming, String otherKind) {
    return msg(
        Rule.WK212,
        "field '"
            + field
            + "' is stored in column '"
            + column
            + "' under columnNaming = "
            + naming
            + ", the column of "
            + otherKind
            + " '"
            + other
            + "' too: one column cannot hold two values. Rename one of the fields.");
  }

  public static String badAttributeColumn(String field, String column) {
    return msg(
        Rule.WK207,
        "field '"
            + field
            + "' is stored in column '"
            + column
            + "', but Tablestore and Lindorm accept only letters, digits and '_' in column names."
            + " Rename the field.");
  }

  public static String reservedColumn(String field, String column) {
    return msg(
        Rule.WK212,
        "field '"
            + field
            + "' is stored in column '"
            + column
            + "', which starts with '"
            + ReservedNames.PREFIX
            + "', the prefix widekey reserves for its own columns. Rename the field.");
  }

  // ---- WK104: @TruncatedToMillis ----

  public static String truncatedNotKey(String field) {
    return msg(
        Rule.WK104,
        "field '"
            + field
            + "' is @TruncatedToMillis but is no key component (of the primary key or an @Index):"
            + " only a key keeps a time as epoch milliseconds; an attribute keeps it exactly, as"
            + " ISO text. Remove @TruncatedToMillis.");
  }

  public static String truncatedType(String field, String type) {
    return msg(
        Rule.WK104,
        "field '"
            + field
            + "' is @TruncatedToMillis but has type "
            + type
            + ": only Instant, LocalDateTime, OffsetDateTime and ZonedDateTime keys are kept as"
            + " epoch milliseconds and can be finer than that (a LocalDate is kept as whole days,"
            + " exactly). Remove @TruncatedToMillis.");
  }

  // ---- WK308: column naming ----

  public static String layoutColumnRenamed(
      String table, String field, String oldColumn, String newColumn) {
    return msg(
        Rule.WK308,
        "field '"
            + field
            + "' of table '"
            + table
            + "' is now stored in column '"
            + newColumn
            + "', but its committed layout file "
            + table
            + ".layout has it in column '"
            + oldColumn
            + "' (a changed @WideTable(columnNaming), or a renamed field): every existing row"
            + " keeps its value in '"
            + oldColumn
            + "' and would read '"
            + field
            + "' as null. Keep the table's column naming as it was (a table that exists keeps its"
            + " column names), or move the entity to a new table (@WideTable(name = ...) with"
            + " @RekeyedFrom), whose re-keying job copies the old columns.");
  }

  /** A limit in bytes as people write it: "1 KB", "2 MB". */
  private static String size(long bytes) {
    if (bytes % (1 << 20) == 0) {
      return (bytes >> 20) + " MB";
    }
    return bytes % (1 << 10) == 0 ? (bytes >> 10) + " KB" : bytes + " bytes";
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
