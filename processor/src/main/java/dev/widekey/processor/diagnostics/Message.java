package dev.widekey.processor.diagnostics;

import dev.widekey.core.Rule;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.text.StringSubstitutor;

/**
 * The catalogue of the processor's diagnostics, as data (after MapStruct's {@code Message}): each
 * entry is one message, with the rule it reports, the severity the processor reports it with and
 * its text, a template with named placeholders ({@code ${field}}). {@link Messages}, {@link
 * ServiceIndexMessages}, {@link RekeyMessages} and the query package's {@code QueryMessages} keep
 * the typed methods callers use; each computes what a message needs (limits of the entity's
 * profile, a choice between wordings, which are entries of their own) and formats one entry here,
 * so the text lives only here, where the generated rules page ({@code docs/rules.md}) reads it too.
 * A few fragments that complete several messages (the reasons of {@code Messages.Why}, the fence
 * table, a layout diff and its way out) are still computed in {@code Messages} and passed as
 * placeholders.
 *
 * <pre>{@code
 * Message.NO_PARTITION_KEY.format("type", "Order")
 * // WK101: Order has no @PartitionKey. ...
 * }</pre>
 */
public enum Message {
  NOT_RECORD_OR_CLASS(
      Rule.WK100,
      Severity.ERROR,
      "@WideTable ${type} is ${article}; an entity is a record or a class "
          + "whose rows the generated repository can build. Declare it as a record "
          + "or class."),
  ABSTRACT_ENTITY(
      Rule.WK100,
      Severity.ERROR,
      "@WideTable ${type} is abstract, so the generated repository cannot "
          + "create it when reading rows. Annotate a concrete record or class."),
  PRIVATE_ENTITY(
      Rule.WK100,
      Severity.ERROR,
      "@WideTable ${type} is private; the generated classes in its package "
          + "cannot use it. Make it at least package-private."),
  INNER_ENTITY(
      Rule.WK100,
      Severity.ERROR,
      "@WideTable ${type} is an inner class, which needs an enclosing instance "
          + "to be created. Make it static."),
  LOCAL_ENTITY(
      Rule.WK100,
      Severity.ERROR,
      "@WideTable ${type} is a local or anonymous class; generated code cannot "
          + "name it. Declare it at top level or as a static member."),
  GENERIC_ENTITY(
      Rule.WK100,
      Severity.ERROR,
      "@WideTable ${type} has type parameters; a row has one concrete shape. "
          + "Remove the type parameters."),
  NO_GETTER(
      Rule.WK100,
      Severity.ERROR,
      "field '${field}' is private and has no getter, so generated code cannot "
          + "read it without reflection. Add get${capitalized}() or make the field "
          + "non-private."),
  SHARED_ACCESSOR(
      Rule.WK100,
      Severity.ERROR,
      "field '${field}' has ${method}() as its ${what}, which is the ${what} "
          + "of field '${other}' too, so generated code would read or set one field "
          + "for the other. Give each private field its own accessors "
          + "(get${capitalized}() and set${capitalized}(...)), or make the fields "
          + "non-private."),
  NO_SETTER(
      Rule.WK100,
      Severity.ERROR,
      "field '${field}' cannot be set: ${type} has no constructor taking every "
          + "field in declaration order, and no ${setter}(...). Add one of them."),
  /** The field's type is inaccessible; the entity's package may see a package-private one. */
  INACCESSIBLE_FIELD_TYPE(
      Rule.WK100,
      Severity.ERROR,
      "field '${field}' has type ${type}, but that type is ${access}, so the classes generated"
          + " beside ${entity} cannot name it. Make ${hidden} package-private or public."),
  /** The field's type is inaccessible and in another package. */
  INACCESSIBLE_FIELD_TYPE_PUBLIC(
      Rule.WK100,
      Severity.ERROR,
      "field '${field}' has type ${type}, but that type is ${access}, so the classes generated"
          + " beside ${entity} cannot name it. Make ${hidden} public."),
  /** A type around the field's type ({@code hidden}) is inaccessible, in the entity's package. */
  INACCESSIBLE_ENCLOSING_TYPE(
      Rule.WK100,
      Severity.ERROR,
      "field '${field}' has type ${type}, but ${hidden} is ${access}, so the classes generated"
          + " beside ${entity} cannot name it. Make ${hidden} package-private or public."),
  /** A type around the field's type ({@code hidden}) is inaccessible, in another package. */
  INACCESSIBLE_ENCLOSING_TYPE_PUBLIC(
      Rule.WK100,
      Severity.ERROR,
      "field '${field}' has type ${type}, but ${hidden} is ${access}, so the classes generated"
          + " beside ${entity} cannot name it. Make ${hidden} public."),
  UNSTORED_FIELD_ANNOTATED(
      Rule.WK100,
      Severity.ERROR,
      "field '${field}' is ${modifier}, which keeps it out of storage: an "
          + "entity stores only its instance fields that are not transient, so "
          + "${annotations} on it would be ignored. Remove '${modifier}', or remove "
          + "${annotations}."),
  INHERITED_FIELD(
      Rule.WK100,
      Severity.ERROR,
      "${type} inherits field '${field}' from ${superclass}, but an entity "
          + "stores only the fields it declares, so the value would be lost on every "
          + "write. Declare the field in ${type}, or make it transient if it is not "
          + "meant to be stored."),
  NO_CONSTRUCTOR(
      Rule.WK100,
      Severity.ERROR,
      "${type} has neither a constructor taking every field in declaration "
          + "order nor a no-argument constructor, so rows cannot be turned back into "
          + "entities. Add one."),
  CONSTRUCTOR_ORDER(
      Rule.WK100,
      Severity.ERROR,
      "the constructor of ${type} takes parameter '${parameter}' where field '${field}' is "
          + "declared: its parameter types follow the fields' declaration order but its names "
          + "do not, and the generated repository passes each field's value in declaration "
          + "order, so '${parameter}' would receive the value of '${field}'. Declare the "
          + "parameters in the order of the fields, or add a no-argument constructor and setters."),
  MEMBER_THROWS(
      Rule.WK100,
      Severity.ERROR,
      "the ${member} of ${type} declares the checked ${exceptions}, but the generated "
          + "classes call it from methods that declare none, so they would not compile. Remove "
          + "the throws clause (throw an unchecked exception if need be)."),
  UNSUPPORTED_ATTRIBUTE(
      Rule.WK100,
      Severity.ERROR,
      "field '${field}' has type ${type}, which no store column can hold. Use "
          + "String, a number, boolean, byte[], UUID, an enum, Instant, LocalDate, "
          + "LocalDateTime, OffsetDateTime, ZonedDateTime or @Money BigDecimal; "
          + "serialise other values (e.g. as JSON text) yourself."),
  RESERVED_NAME(
      Rule.WK100,
      Severity.ERROR,
      "field '${field}' starts with '${prefix}', which widekey reserves for "
          + "its own columns. Rename it."),
  GENERATED_TYPE_TAKEN(
      Rule.WK100,
      Severity.ERROR,
      "@WideTable ${type} makes widekey generate ${generated}, which entity "
          + "${owner} generates already (a nested entity's generated classes are "
          + "named by joining the enclosing names with '_'). Rename one of the two "
          + "entities."),
  GENERATED_TYPE_EXISTS(
      Rule.WK100,
      Severity.ERROR,
      "@WideTable ${type} makes widekey generate ${generated}, but the sources "
          + "already declare a type of that name. Rename that type or the entity "
          + "(widekey's generated classes are the entity's name plus Keys, Table, "
          + "Repository and, for a time-sharded entity, ShardedRepository)."),
  FILE_NAME_TOO_LONG(
      Rule.WK100,
      Severity.ERROR,
      "@WideTable ${type} makes widekey generate the class file ${file}, whose name is "
          + "${bytes} bytes long, over the ${maxBytes} bytes a file name holds on common file "
          + "systems, so it could not be written. Shorten the entity's name (or the names of "
          + "the types around it, or of its indexes)."),
  GENERATED_TYPE_HIDES_ANNOTATION(
      Rule.WK100,
      Severity.ERROR,
      "@WideTable ${type} makes widekey generate a class ${generated} in its "
          + "package, which has the name of the widekey annotation @${generated}: in "
          + "every file of the package that imports dev.widekey.annotations.*, the "
          + "generated class would hide the annotation. Rename the entity (e.g. "
          + "${type}Entity)."),
  ENTITY_HIDDEN_BY_KEY_RECORD(
      Rule.WK100,
      Severity.ERROR,
      "@WideTable ${type} is in the default package and named like the Key "
          + "record nested in the generated ${type}Keys, which would hide it there "
          + "(a class in the default package cannot be named by a qualified name). "
          + "Rename the entity or move it into a package."),
  KEY_TYPE_HIDDEN_BY_KEY_RECORD(
      Rule.WK100,
      Severity.ERROR,
      "key field '${field}' has type ${type}, which is in the default package "
          + "and named like the Key record nested in the generated ${entity}Keys, "
          + "which would hide it there (a class in the default package cannot be "
          + "named by a qualified name). Rename the type or move it into a package."),
  MISSING_TYPE(
      Rule.WK100,
      Severity.ERROR,
      "${type} refers to type ${missing}, which does not exist; fix that type "
          + "so that the entity can be checked and its classes generated."),
  MISSING_CONVERTER(
      Rule.WK100,
      Severity.ERROR,
      "${type} names a converter class that does not exist in @Convert on field "
          + "'${field}'; fix the class named there so that the entity can be checked and its "
          + "classes generated."),
  INTERNAL_ERROR(
      Rule.WK100, Severity.ERROR, "widekey failed on ${type} (please report this): ${detail}"),
  NO_PARTITION_KEY(
      Rule.WK101,
      Severity.ERROR,
      "${type} has no @PartitionKey. The partition key (the first primary-key "
          + "column) decides which partition holds each row. Annotate the field(s) "
          + "whose values spread rows evenly, e.g. @PartitionKey(order = 0) on a "
          + "card or user id."),
  DUPLICATE_ORDER(
      Rule.WK101,
      Severity.ERROR,
      "field '${field}' has @${annotation}(order = ${order}), the same order "
          + "as field '${other}', so the key layout is ambiguous. Give each "
          + "component its own order, or remove the order from every @${annotation} "
          + "to take the declaration order."),
  MIXED_ORDERS(
      Rule.WK101,
      Severity.ERROR,
      "field '${field}' has @${annotation} without an order, but field "
          + "'${withOrder}' states one (order = ${order}), so neither the "
          + "declaration order nor the stated orders decide the key alone. State an "
          + "order on every @${annotation}, or on none to take the declaration order."),
  BOTH_PARTITION_AND_KEY_COLUMN(
      Rule.WK101,
      Severity.ERROR,
      "field '${field}' is both @PartitionKey and @KeyColumn; a component "
          + "belongs to one primary-key column. Keep one of the two."),
  SEQUENTIAL_LEADING(
      Rule.WK102,
      Severity.ERROR,
      "field '${field}' leads the partition key but is sequential (${why}): "
          + "every new row lands on the last partition, a write hotspot that more "
          + "partitions do not relieve. Add @HashPrefix(length = 4) to scatter it "
          + "(on this field or on the type: a hash over a later component does not "
          + "cover it), or @Bucketed(buckets = 16) to keep range reads (merged over "
          + "the buckets), or @Reversed, or lead with a field whose values vary and "
          + "make this one a @KeyColumn; if its values are written concurrently "
          + "rather than in increasing order (many devices, many cards), say so: "
          + "@NotSequential(reason = \"...\")."),
  FEW_VALUES_LEADING(
      Rule.WK102,
      Severity.WARNING,
      "field '${field}' leads the partition key but has few values (${why}): "
          + "each value is one partition-key range, so a handful of values makes a "
          + "handful of hot partitions however many the table has. Lead with a field "
          + "of many values (a device or card id) and make this one a later "
          + "component, or add @HashPrefix; if the few values are intended, say so: "
          + "@NotSequential(reason = \"...\")."),
  FEW_VALUES_BUCKETED(
      Rule.WK102,
      Severity.WARNING,
      "field '${field}' leads the partition key but has few values (${why}), and"
          + " @Bucketed(buckets = ${buckets}) does not spread them: a value's bucket is computed"
          + " from that value alone, so all rows of one value share one bucket and one key range."
          + " Lead with a field of many values (a device or card id) and make this one a later"
          + " component; if the few values are intended, say so: @NotSequential(reason ="
          + " \"...\")."),
  /** As {@link #FEW_VALUES_BUCKETED}, with fewer values than buckets. */
  FEW_VALUES_BUCKETED_UNFILLED(
      Rule.WK102,
      Severity.WARNING,
      "field '${field}' leads the partition key but has few values (${why}), and"
          + " @Bucketed(buckets = ${buckets}) does not spread them: a value's bucket is computed"
          + " from that value alone, so all rows of one value share one bucket and one key range,"
          + " and ${values} values fill at most ${values} of its ${buckets} buckets. Lead with a"
          + " field of many values (a device or card id) and make this one a later component; if"
          + " the few values are intended, say so: @NotSequential(reason = \"...\")."),
  SEQUENTIAL_NAME_LEADING(
      Rule.WK102,
      Severity.WARNING,
      "field '${field}' leads the partition key and its name says '${word}': "
          + "if its values increase (order numbers, timestamps), every new row lands "
          + "on the last partition, a write hotspot that more partitions do not "
          + "relieve. Add @HashPrefix(length = 4) or @Reversed, or lead with a field "
          + "whose values vary and make this one a @KeyColumn; if its values are "
          + "written concurrently rather than in increasing order, say so: "
          + "@NotSequential(reason = \"...\")."),
  NOT_SEQUENTIAL_MISPLACED(
      Rule.WK102,
      Severity.ERROR,
      "field '${field}' is @NotSequential but not a partition-key component; "
          + "the opt-out only means something on the leading partition-key "
          + "component, which decides the partition a write lands in. Remove it."),
  NOT_SEQUENTIAL_NOT_LEADING(
      Rule.WK102,
      Severity.ERROR,
      "field '${field}' is @NotSequential but does not lead the partition key "
          + "(field '${leading}' does); only the leading component decides the "
          + "partition a write lands in. Remove it, or move it to the leading "
          + "component if that is what it is about."),
  NOT_SEQUENTIAL_COVERED(
      Rule.WK102,
      Severity.ERROR,
      "field '${field}' is @NotSequential but ${by} already scatters its "
          + "writes, so the opt-out means nothing. Remove it."),
  NOT_SEQUENTIAL_CONTRADICTS(
      Rule.WK102,
      Severity.ERROR,
      "field '${field}' is both @Sequential and @NotSequential; a component is "
          + "one or the other. Keep the one that is true."),
  NOT_SEQUENTIAL_BLANK_REASON(
      Rule.WK102,
      Severity.ERROR,
      "field '${field}' is @NotSequential with a blank reason; the reason is "
          + "the design decision a reviewer reads (why values are written "
          + "concurrently, not in increasing order). Write it, e.g. "
          + "@NotSequential(reason = \"many devices write at the same time\")."),
  SEQUENTIAL_NOT_KEY(
      Rule.WK102,
      Severity.ERROR,
      "field '${field}' is @Sequential but not a key component; the annotation "
          + "only matters for keys. Remove it or make the field a key component."),
  REVERSED_MISPLACED(
      Rule.WK102,
      Severity.ERROR,
      "field '${field}' is @Reversed but not a partition-key component; "
          + "reversing only spreads writes when it changes which partition a row "
          + "lands in. Remove it."),
  REVERSED_TYPE(
      Rule.WK102,
      Severity.ERROR,
      "field '${field}' is @Reversed but has type ${type}; only String, "
          + "integral and time components (Instant, LocalDate, LocalDateTime, "
          + "OffsetDateTime, ZonedDateTime) can be reversed: their key text, a "
          + "time's being the digits of its epoch milliseconds (a LocalDate's, of "
          + "its epoch day)."),
  UNPADDED_SPLICE(
      Rule.WK103,
      Severity.ERROR,
      "field '${field}' (${type}) is spliced into the string partition key "
          + "without @Padded: as text 54 sorts after 167, so the key order breaks. "
          + "Add @Padded(width = N) with N digits for the largest value."),
  PADDING_WIDTH(
      Rule.WK104,
      Severity.ERROR,
      "field '${field}' has @Padded(width = ${width}) but ${type} values have "
          + "at most ${maxDigits} digits. Use a width from 1 to ${maxDigits}."),
  PADDING_BELOW_PRESENT_DAY(
      Rule.WK104,
      Severity.ERROR,
      "field '${field}' (${type}) is kept in keys as ${unit}, which have ${digits} digits "
          + "today, but @Padded(width = ${width}) holds at most ${width} digits: every present-day "
          + "value would be refused when written. Use @Padded(width = ${digits}) or wider."),
  PADDING_TYPE(
      Rule.WK104,
      Severity.ERROR,
      "field '${field}' is @Padded but has type ${type}; padding writes whole "
          + "numbers as fixed-width digits. Remove @Padded, or use an integral type."),
  PADDING_NOT_KEY(
      Rule.WK104,
      Severity.ERROR,
      "field '${field}' is @Padded but not a key component; padding only "
          + "matters for key order. Remove it."),
  MISSING_KEY_CHARS(
      Rule.WK105,
      Severity.ERROR,
      "field '${field}' is a String spliced into the partition key but "
          + "declares no alphabet, so it could hold the delimiter ${delimiter} and "
          + "break the key order or read another key's rows. Add @KeyChars(\"...\") "
          + "listing the characters it may hold, all above ${delimiter}."),
  BAD_KEY_CHARS(
      Rule.WK105,
      Severity.ERROR,
      "field '${field}' has @KeyChars ${spec}, which is not a valid alphabet: "
          + "${why}. Write ranges like \"a-zA-Z0-9_\"."),
  DELIMITER_NOT_BELOW(
      Rule.WK105,
      Severity.ERROR,
      "the delimiter ${delimiter} does not sort below ${lowest} that field "
          + "'${field}' may hold (${source}): ${why}. Use a delimiter below every "
          + "character the spliced components may hold, such as ${suggested}, or "
          + "narrow the alphabet."),
  /**
   * As {@link #DELIMITER_NOT_BELOW}, when no delimiter (a control character is none) sorts below
   * every character the spliced components may hold.
   */
  DELIMITER_NOT_BELOW_NONE(
      Rule.WK105,
      Severity.ERROR,
      "the delimiter ${delimiter} does not sort below ${lowest} that field "
          + "'${field}' may hold (${source}): ${why}. No delimiter sorts below "
          + "${allLowest}, the lowest character the spliced components may hold, "
          + "without being a control character: narrow the alphabet."),
  DELIMITER_IN_HASHED_COMPONENT(
      Rule.WK105,
      Severity.ERROR,
      "field '${field}' may hold the delimiter ${delimiter} (${source}): a "
          + "value holding it splits into two components when the key is decoded and "
          + "can read or overwrite another key's rows. The partition key is hashed "
          + "whole, so the delimiter need not sort below the components' characters, "
          + "only stay out of them: use a delimiter no component may hold, or narrow "
          + "the alphabet."),
  KEY_CHARS_TYPE(
      Rule.WK105,
      Severity.ERROR,
      "field '${field}' has @KeyChars but type ${type}; an alphabet applies to "
          + "String key components. Remove it."),
  KEY_CHARS_NOT_KEY(
      Rule.WK105,
      Severity.ERROR,
      "field '${field}' has @KeyChars but is not a key component. Remove it."),
  BAD_DELIMITER(
      Rule.WK105,
      Severity.ERROR,
      "delimiter ${delimiter} ${why}. Use ',' (U+002C), which sorts below "
          + "letters and digits."),
  HASH_LENGTH(
      Rule.WK106,
      Severity.ERROR,
      "@HashPrefix(length = ${length}) is out of range: use 1 to ${maxLength} "
          + "hex digits (4 digits make 65,536 prefixes, plenty to scatter writes)."),
  HASH_PARTITIONS(
      Rule.WK106,
      Severity.ERROR,
      "@HashPrefix(partitions = ${partitions}) cannot be split evenly over a "
          + "${length}-digit prefix: use 1 to ${maxPartitions} partitions, or leave "
          + "partitions unset for the profile's default."),
  HASH_PARTITIONS_OVER_PROFILE(
      Rule.WK106,
      Severity.ERROR,
      "@HashPrefix(partitions = ${partitions}) is more than ${profile} creates "
          + "a table with: at most ${max} partitions at creation (the service splits "
          + "them further by itself as data grows), so creating the table would "
          + "fail. Use at most ${max}, leave partitions unset for the profile's "
          + "default, or target profile = HBASE."),
  HASH_NOT_PARTITION(
      Rule.WK106,
      Severity.ERROR,
      "field '${field}' has @HashPrefix but is not a partition-key component; "
          + "the prefix only scatters rows when it leads the partition key. Move it "
          + "to a @PartitionKey component or to the type."),
  HASH_TWICE(
      Rule.WK106,
      Severity.ERROR,
      "${where} has a second @HashPrefix; the partition key takes one prefix. Keep one."),
  HASH_TYPE(
      Rule.WK106,
      Severity.ERROR,
      "field '${field}' has @HashPrefix but type ${type}; the prefix is a "
          + "digest of the key's text. Hash a text or integral component instead."),
  BUCKETED_NOT_PARTITION(
      Rule.WK106,
      Severity.ERROR,
      "field '${field}' has @Bucketed but is not a partition-key component; a "
          + "bucket only spreads writes when it leads the partition key. Put "
          + "@Bucketed on the leading @PartitionKey component."),
  BUCKETED_NOT_LEADING(
      Rule.WK106,
      Severity.ERROR,
      "field '${field}' is @Bucketed but does not lead the partition key "
          + "('${leading}' does); the bucket is stored first in the first key column "
          + "and is computed from the leading component, so point reads can find it. "
          + "Bucket '${leading}', or make '${field}' @PartitionKey(order = 0)."),
  BUCKETED_TYPE(
      Rule.WK106,
      Severity.ERROR,
      "field '${field}' has @Bucketed but type ${type}; the bucket is a "
          + "number's value mod N or a digest of the key's text. Bucket a text, "
          + "integral, time, UUID or enum component."),
  BUCKET_COUNT(
      Rule.WK106,
      Severity.ERROR,
      "@Bucketed(buckets = ${buckets}) is out of range: use ${minBuckets} to "
          + "${maxBuckets} buckets (one bucket spreads nothing; every range read "
          + "scans each bucket, so more than ${maxBuckets} make reads a fan-out "
          + "storm). 16 spread writes over 16 partitions."),
  BUCKET_FAN_OUT(
      Rule.WK106,
      Severity.WARNING,
      "field '${field}' has @Bucketed(buckets = ${buckets}): every range read "
          + "over it runs ${buckets} scans and merges them (a page per bucket in "
          + "memory, ${buckets} requests per page of results), more than the "
          + "${fanOutWarning} that spread writes over any cluster. Use at most "
          + "${fanOutWarning} unless writes need more."),
  BUCKETED_WITH_HASH_PREFIX(
      Rule.WK106,
      Severity.ERROR,
      "field '${field}' is @Bucketed and the partition key also has a "
          + "@HashPrefix; both lead the first key column to scatter writes, and a "
          + "key takes one scatter. Keep @Bucketed for range reads merged over the "
          + "buckets, or @HashPrefix for point reads only."),
  BUCKETED_REVERSED(
      Rule.WK106,
      Severity.ERROR,
      "field '${field}' is both @Bucketed and @Reversed; each scatters the "
          + "sequential value on its own, and reversed text has no range to merge. "
          + "Pick one: @Bucketed keeps range reads."),
  BAD_KEY_TYPE(
      Rule.WK108,
      Severity.ERROR,
      "field '${field}' of type ${type} cannot be a key component: ${why}. Key "
          + "components are String, integral numbers, UUID, enums, byte[], Instant, "
          + "LocalDate, LocalDateTime, OffsetDateTime and ZonedDateTime."),
  SPLICED_BYTES(
      Rule.WK108,
      Severity.ERROR,
      "field '${field}' is a byte[] spliced into the string partition key; "
          + "bytes have no text form that keeps their order. Make it the only "
          + "partition-key component or a @KeyColumn."),
  BAD_DESCENDING(
      Rule.WK113,
      Severity.ERROR,
      "field '${field}' of type ${type} cannot be a descending key column: "
          + "${why}. Only a column stored as an integer (an integral type without "
          + "@Padded, or a time: Instant, LocalDate, LocalDateTime, OffsetDateTime, "
          + "ZonedDateTime) is stored descending, as the complement of its value. "
          + "Drop descending = true and read newest first with the generated "
          + "...Descending scans instead."),
  COLUMN_TOO_LARGE(
      Rule.WK109,
      Severity.ERROR,
      "primary-key column '${column}' can reach ${bytes} bytes (${detail}), "
          + "over the ${limit} limit of a primary-key column on "
          + "${profile}. Lower @MaxLength or restrict @KeyChars to ASCII."),
  KEY_TOO_LARGE(
      Rule.WK109,
      Severity.ERROR,
      "the primary key can reach ${bytes} bytes in ${measured} (${detail}), "
          + "over ${profile}'s limit of ${limit} for all "
          + "primary-key values of a row together, so a write of the largest keys "
          + "would fail. Lower @MaxLength, starting with field '${field}', or move a "
          + "column into the attributes."),
  ROW_KEY_TOO_LARGE(
      Rule.WK109,
      Severity.ERROR,
      "the primary key can encode into a row key of ${bytes} bytes (${detail}: "
          + "each column a marker byte, its bytes, a zero byte escaped as two and an "
          + "end mark), over ${profile}'s row-key limit of ${limit} bytes, so a "
          + "write of the largest keys would fail. Lower @MaxLength, starting with "
          + "field '${field}'."),
  MAX_LENGTH_VALUE(
      Rule.WK109,
      Severity.ERROR,
      "field '${field}' has @MaxLength(${value}); a maximum length is at least 1."),
  MAX_LENGTH_TYPE(
      Rule.WK109,
      Severity.ERROR,
      "field '${field}' has @MaxLength but type ${type}; it bounds String key "
          + "components. Remove it."),
  MAX_LENGTH_NOT_KEY(
      Rule.WK109,
      Severity.ERROR,
      "field '${field}' has @MaxLength but is not a key component; it bounds "
          + "key columns against the ${maxPkColumnSize} limit. Remove it."),
  TOO_MANY_KEY_COLUMNS(
      Rule.WK110,
      Severity.ERROR,
      "field '${field}' makes ${columns} primary-key columns; ${profile} "
          + "allows ${max} (the partition key and ${keepColumns} more), so the table "
          + "cannot be created. Splice components into the partition key, make this "
          + "one an attribute, or target profile = HBASE."),
  BINARY_NOT_LAST(
      Rule.WK110,
      Severity.ERROR,
      "field '${field}' is a byte[] primary-key column that is not the last "
          + "one; ${profile} allows a binary primary-key column only in last place, "
          + "so the table cannot be created. Make it the last @KeyColumn, or store "
          + "its text (e.g. hex) instead."),
  BINARY_PARTITION_BEFORE_TAG(
      Rule.WK110,
      Severity.ERROR,
      "field '${field}' is a byte[] partition column, which the entity's cold "
          + "and chunk tables hold before the write's tag (they are keyed by the "
          + "partition column, then the tag); ${profile} allows a binary primary-key "
          + "column only in last place, so those tables cannot be created. Store its "
          + "text (e.g. hex) instead, or keep every column in the hot row."),
  BIG_DECIMAL_WITHOUT_MONEY(
      Rule.WK201,
      Severity.ERROR,
      "field '${field}' is a BigDecimal without @Money; the stores have no "
          + "decimal type and a double cannot hold 0.1 exactly. Add @Money(scale = "
          + "2) to store it as a long of minor units (5.32 -> 532)."),
  FLOATING_MONEY(
      Rule.WK201,
      Severity.ERROR,
      "field '${field}' looks like money but is a ${type}: binary floating "
          + "point cannot hold 0.1 exactly, so amounts drift. Use BigDecimal with "
          + "@Money(scale = 2), or a long of minor units."),
  MONEY_TYPE(
      Rule.WK201,
      Severity.ERROR,
      "field '${field}' has @Money but type ${type}; @Money converts a "
          + "BigDecimal to a long of minor units. Declare it as BigDecimal."),
  MONEY_SCALE(
      Rule.WK201,
      Severity.ERROR,
      "field '${field}' has @Money(scale = ${scale}); use a scale from 0 to "
          + "${moneyMaxScale} so that minor units fit a long."),
  MONEY_ON_KEY(
      Rule.WK201,
      Severity.ERROR,
      "field '${field}' is a key component with @Money; money is an attribute, "
          + "not a key. Remove @Money or the key annotation."),
  CHUNKED_TYPE(
      Rule.WK202,
      Severity.ERROR,
      "field '${field}' is @Chunked but has type ${type}; only String and "
          + "byte[] values can outgrow the ${maxAttributeSize} attribute limit. "
          + "Remove @Chunked."),
  CHUNKED_CAP_RANGE(
      Rule.WK202,
      Severity.ERROR,
      "field '${field}' is @Chunked(maxBytes = ${cap}), but a chunked value "
          + "holds from 1 byte to ${largestMaxChunkedBytes} bytes (it is read back "
          + "into one array). Set maxBytes within that range (default "
          + "${defaultMaxChunkedSize})."),
  CHUNKED_CAP_PARTS(
      Rule.WK202,
      Severity.ERROR,
      "field '${field}' is @Chunked(maxBytes = ${cap}), which takes up to "
          + "${parts} chunk rows of ${chunkSize}, more than the ${maxMultiGetRows} "
          + "keys one multi-get reads, so a value could not be read in one. Lower "
          + "maxBytes."),
  CHUNKED_KEY(
      Rule.WK202,
      Severity.ERROR,
      "field '${field}' is a key component and cannot be @Chunked: a key "
          + "column holds at most ${maxPkColumnSize}. Remove @Chunked."),
  COLD_KEY(
      Rule.WK204,
      Severity.ERROR,
      "field '${field}' is a key component and cannot be a @ColdColumn: cold "
          + "columns live in another table read only on demand, while the key finds "
          + "every row. Remove @ColdColumn."),
  COMPRESS_TYPE(
      Rule.WK204,
      Severity.ERROR,
      "field '${field}' has @ColdColumn(compress = true) but type ${type}; "
          + "only String and byte[] values are compressed. Use @ColdColumn without "
          + "compress."),
  INFLATED_CAP_WITHOUT_COMPRESS(
      Rule.WK203,
      Severity.ERROR,
      "field '${field}' sets @ColdColumn(maxInflatedBytes) without compress = "
          + "true; the cap bounds a compressed value once inflated, and an "
          + "uncompressed value is bounded by the attribute limit. Add compress = "
          + "true, or remove maxInflatedBytes."),
  INFLATED_CAP_RANGE(
      Rule.WK203,
      Severity.ERROR,
      "field '${field}' has @ColdColumn(maxInflatedBytes = ${cap}), outside "
          + "1..${largestMaxInflatedBytes} (the largest array); a value inflates "
          + "into one array. Use a cap in that range, or leave it out for the "
          + "default of ${defaultMaxInflatedBytes} bytes."),
  COLD_PRIMITIVE(
      Rule.WK204,
      Severity.ERROR,
      "@ColdColumn field '${field}' has primitive type ${type}, which cannot "
          + "say 'not loaded' when the cold table is not read. Declare it as "
          + "${boxed}."),
  COLD_TABLE_SAME_NAME(
      Rule.WK204,
      Severity.ERROR,
      "coldTable \"${table}\" is the hot table's own name; cold columns need a "
          + "table of their own. Choose another name or leave coldTable empty."),
  NO_HOT_ATTRIBUTE(
      Rule.WK205,
      Severity.ERROR,
      "${type} has no non-key column outside the cold table, but a Lindorm row "
          + "must carry at least one. Add an attribute, or move one out of "
          + "@ColdColumn."),
  /** A time to live below 1 (and not -1) where the service takes any positive one. */
  BAD_TTL(
      Rule.WK209,
      Severity.ERROR,
      "ttlSeconds = ${ttlSeconds} is not a time to live ${profile} accepts: -1 (rows never"
          + " expire) or ${minText} to ${maxText} seconds. Use -1 or at least ${min}."),
  /** A time to live below the least one the service creates a table with. */
  TTL_TOO_SHORT_FOR_SERVICE(
      Rule.WK209,
      Severity.ERROR,
      "ttlSeconds = ${ttlSeconds} is not a time to live ${profile} accepts: -1 (rows never"
          + " expire) or ${minText} to ${maxText} seconds (the service refuses a shorter one when"
          + " creating the table). Use -1 or at least ${min}."),
  /** A time to live above the longest one every service takes. */
  TTL_TOO_LONG(
      Rule.WK209,
      Severity.ERROR,
      "ttlSeconds = ${ttlSeconds} is not a time to live ${profile} accepts: -1 (rows never"
          + " expire) or ${minText} to ${maxText} seconds (about 68 years: HBase and Lindorm read"
          + " ${foreverText} as forever and take no longer one, and no service takes more). Use -1"
          + " for rows that never expire, or at most ${max}."),
  SHARD_FIELD_MISSING(
      Rule.WK210,
      Severity.ERROR,
      "@TimeSharded by ${field} names no field of ${type}; the shard field's "
          + "value picks the period table each row goes to. Name one of the entity's "
          + "time fields."),
  SHARD_FIELD_UNSTORED(
      Rule.WK210,
      Severity.ERROR,
      "@TimeSharded by ${field} names a field of ${type} that is ${modifier}, so it is not "
          + "stored; the shard field's value picks the period table each row goes to and is "
          + "read back from the row. Remove ${modifier} from '${field}', or shard by a stored "
          + "time field."),
  SHARD_FIELD_TYPE(
      Rule.WK210,
      Severity.ERROR,
      "shard field '${field}' is a ${type}, but period tables are picked by a "
          + "point in time. Make it an Instant (or a LocalDate, LocalDateTime taken "
          + "as UTC, OffsetDateTime or ZonedDateTime)."),
  SHARD_FIELD_COLD(
      Rule.WK210,
      Severity.ERROR,
      "shard field '${field}' is a @ColdColumn, but reads over a time window "
          + "read the hot rows only and filter them by it. Keep it on the hot row."),
  SHARD_RETAIN(
      Rule.WK210,
      Severity.ERROR,
      "retain = ${retain} keeps no period, so every table would be dropped as "
          + "soon as it is written. Keep at least 1 (the current period)."),
  SHARD_AHEAD(
      Rule.WK210,
      Severity.ERROR,
      "ahead = ${ahead} creates tables before the current period. Use 0 (none "
          + "ahead) or more."),
  SHARDED_WITHOUT_WIDE_TABLE(
      Rule.WK210,
      Severity.ERROR,
      "${type} is @TimeSharded but not a @WideTable, so it is no entity: "
          + "widekey would ignore @TimeSharded and create no period tables. Add "
          + "@WideTable(name = \"...\"), or remove @TimeSharded."),
  SHARD_TABLE_NAME(
      Rule.WK210,
      Severity.ERROR,
      "@WideTable(${member}) \"${table}\" makes period tables such as "
          + "\"${longest}\", which is not a legal table name on every service "
          + "(${pattern}). Shorten the name, or use a longer period."),
  SHARD_TABLES_OVER_LIMIT(
      Rule.WK211,
      Severity.ERROR,
      "${type} keeps up to ${tables} tables ((retain ${retain} + ahead "
          + "${ahead}) x ${perPeriod}${tablesWord} per period, plus ${fenceTable}), "
          + "but one ${profile} instance holds ${maxTables} tables by default. Keep "
          + "fewer periods, or use a longer period."),
  SHARD_TABLES_OVER_HALF(
      Rule.WK211,
      Severity.WARNING,
      "${type} alone keeps up to ${tables} tables ((retain ${retain} + ahead "
          + "${ahead}) x ${perPeriod} per period, plus ${fenceTable}), more than "
          + "half the ${maxTables} tables one ${profile} instance holds by default, "
          + "which every other entity shares. Keep fewer periods, use a longer "
          + "period, or have the instance's limit raised."),
  INDEX_NO_COLUMNS(
      Rule.WK306,
      Severity.ERROR,
      "index '${index}' lists no columns. List the indexed properties in key "
          + "order, the first leading the index key: @Index(name = \"${index}\", "
          + "columns = {\"cardId\"})."),
  INDEX_UNKNOWN_COLUMN(
      Rule.WK306,
      Severity.ERROR,
      "index '${index}' lists column '${column}', but ${entity} has no stored property of that"
          + " name. An index column names a property of the entity, as written in Java."),
  /** As {@link #INDEX_UNKNOWN_COLUMN}, with the closest property's name. */
  INDEX_UNKNOWN_COLUMN_CLOSEST(
      Rule.WK306,
      Severity.ERROR,
      "index '${index}' lists column '${column}', but ${entity} has no stored property of that"
          + " name; did you mean '${closest}'? An index column names a property of the entity, as"
          + " written in Java."),
  INDEX_UNSTORED_COLUMN(
      Rule.WK306,
      Severity.ERROR,
      "index '${index}' lists column '${column}', but ${entity} declares it ${marker}: it is not"
          + " stored, so no index row can be keyed by it. Remove it from the index, or store it"
          + " (drop ${marker})."),
  INDEX_DUPLICATE_COLUMN(
      Rule.WK306,
      Severity.ERROR,
      "index '${index}' lists column '${column}' twice; a key holds a value "
          + "once. Remove the repeat."),
  INDEX_COLD_COLUMN(
      Rule.WK306,
      Severity.ERROR,
      "index '${index}' lists column '${column}', which is ${annotation}: an "
          + "index is maintained from the hot row, which does not hold it. Index a "
          + "hot property, or store this one in the hot table."),
  INDEX_IS_KEY_PREFIX(
      Rule.WK306,
      Severity.WARNING,
      "index '${index}' indexes ${columns}, the leading columns of the primary "
          + "key in the same order: the table already reads them in key order "
          + "(scanBy...), so the index only adds a row write per put. Remove the "
          + "index, or index other columns."),
  INDEX_NAME_TAKEN(
      Rule.WK306,
      Severity.ERROR,
      "index name '${index}' would name the repository's accessor "
          + "${accessor}(), which is a Java keyword or a method every repository "
          + "has. Choose another name (by_${index})."),
  INDEX_TABLE_IS_OWN(
      Rule.WK207,
      Severity.ERROR,
      "index '${index}' would be table ${table}, which is already the entity's "
          + "own cold or chunk table; its rows would mix with the index's. Rename "
          + "the index (by_${index})."),
  INDEX_SAME_MEMBERS(
      Rule.WK306,
      Severity.ERROR,
      "index names '${index}' and '${other}' would both be ${accessor}() and "
          + "${capitalized}Index in the generated code; rename one."),
  INDEX_NAME_TWICE(
      Rule.WK306,
      Severity.ERROR,
      "${entity} declares index '${index}' twice; the name names its table and "
          + "its generated members. Rename one."),
  INDEX_BAD_NAME(
      Rule.WK306,
      Severity.ERROR,
      "index name '${index}' is not lower-case letters and digits in words "
          + "joined by '_' (by_card): it ends the index table's name and names the "
          + "generated members (INDEX_BY_CARD, byCard())."),
  INDEX_OPTION_TWICE(
      Rule.WK306,
      Severity.ERROR,
      "index '${index}' gives ${member} more than once; an index key has one "
          + "partition key, so at most one. Keep one."),
  TOO_MANY_INDEXES(
      Rule.WK306,
      Severity.WARNING,
      "${entity} declares ${count} indexes, more than ${threshold}: each put "
          + "writes one more row per index, and a put that changes an indexed value "
          + "also deletes the old index row, so writes cost up to ${operations} row "
          + "operations instead of 1. Keep the indexes the reads need, or read "
          + "through the primary key."),
  INDEXES_OVER_LINDORM_QUOTA(
      Rule.WK306,
      Severity.ERROR,
      "${entity} declares ${count} indexes; LINDORM allows at most ${quota} "
          + "index tables in a database (Lindorm, Quotas and limits: "
          + "alibabacloud.com/help/en/lindorm/latest/quotas-and-limits). Drop or "
          + "merge indexes."),
  INDEX_WITHOUT_WIDE_TABLE(
      Rule.WK306,
      Severity.ERROR,
      "${type} has @Index but no @WideTable; the index would be ignored. "
          + "Annotate the type with @WideTable, or remove the @Index."),
  INDEX_TOO_MANY_COLUMNS(
      Rule.WK110,
      Severity.ERROR,
      "index '${index}' makes ${keyColumns} primary-key columns (${columns} "
          + "indexed and the trailing reference column ${indexRefColumn} that names "
          + "the row); ${profile} allows ${maxColumns}. Index at most ${maxIndexed} "
          + "columns."),
  INDEX_BINARY_COLUMN(
      Rule.WK110,
      Severity.ERROR,
      "index '${index}' column '${column}' is a byte[] key column before the "
          + "index's reference column; ${profile} allows a binary primary-key column "
          + "only in last place, and the reference column is last. Index its text "
          + "(e.g. hex) instead."),
  INDEX_REF_TOO_LARGE(
      Rule.WK109,
      Severity.ERROR,
      "index '${index}' reference column holds the row's encoded primary key "
          + "and the write tag (9 bytes encoded), up to ${bytes} bytes as the "
          + "primary key is declared; ${profile} allows ${limit} bytes in one "
          + "primary-key column. Bound the primary key's components tighter "
          + "(@MaxLength)."),
  BAD_TABLE_NAME(
      Rule.WK207,
      Severity.ERROR,
      "${member} ${table} is not a valid table name: Tablestore and Lindorm "
          + "accept 1 to 255 letters, digits and '_', starting with a letter or '_' "
          + "(and the name also names the schema file). Rename the table, e.g. "
          + "\"order_items\"."),
  JOINED_COLUMN_TOO_LONG(
      Rule.WK207,
      Severity.ERROR,
      "the partition-key components ${components} are spliced into one column named '${column}' (their names joined by '_'), which "
          + "is ${length} characters long; the services accept column names of ${pattern}"
          + ". Rename one of the components."),
  JOINED_COLUMN_TAKEN(
      Rule.WK207,
      Severity.ERROR,
      "the partition-key components ${components} are spliced into one column named '${column}' (their names joined by '_'), which "
          + "is also the name of field '${field}', so both would be written to one column"
          + ". Rename one of the components."),
  JOINED_COLUMN_RESERVED(
      Rule.WK207,
      Severity.ERROR,
      "the partition-key components ${components} are spliced into one column named '${column}' (their names joined by '_'), which "
          + "starts with '${prefix}', which widekey reserves for its own columns"
          + ". Rename one of the components."),
  HASH_OVER_BYTES(
      Rule.WK106,
      Severity.ERROR,
      "@HashPrefix on the type digests the partition key's text, but its only "
          + "component '${field}' is a byte[], which has no text form. Lead with a "
          + "String or number, or drop @HashPrefix."),
  BAD_COLUMN_NAME(
      Rule.WK207,
      Severity.ERROR,
      "field '${field}' names a column, but Tablestore and Lindorm accept only "
          + "letters, digits and '_' in column names. Rename the field."),
  TABLE_TAKEN(
      Rule.WK207,
      Severity.ERROR,
      "table \"${table}\" is already a table of entity ${owner}; two entities "
          + "in one table would overwrite each other's rows under different key "
          + "layouts. Give this entity a table of its own."),
  /** This entity's table is named like a period table of {@code owner}'s time-sharded table. */
  PERIOD_TABLE_TAKEN(
      Rule.WK207,
      Severity.ERROR,
      "table \"${table}\" is named like a ${period} period table of the time-sharded table"
          + " \"${base}\" of entity ${owner}: the two entities would share that table, and"
          + " retention would drop it with the period. Give the entities tables whose names do"
          + " not extend each other's."),
  /** {@code owner}'s table is named like a period table of this entity's time-sharded table. */
  PERIOD_TABLE_TAKEN_BY_MINE(
      Rule.WK207,
      Severity.ERROR,
      "table \"${table}\" of entity ${owner} is named like a ${period} period table of the"
          + " time-sharded table \"${base}\": the two entities would share that table, and"
          + " retention would drop it with the period. Give the entities tables whose names do"
          + " not extend each other's."),
  UNSTORED_VERSION(
      Rule.WK208,
      Severity.ERROR,
      "@Version field '${field}' is ${modifier}, which keeps it out of "
          + "storage: the version would never be written or read, and every put "
          + "would be unconditional. Remove '${modifier}' so that the version is "
          + "stored, or remove @Version."),
  VERSION_TYPE(
      Rule.WK208,
      Severity.ERROR,
      "@Version field '${field}' has type ${type}; a version is a primitive "
          + "long: 0 for a new entity, one more on every write, compared by the "
          + "store as an integer column. Declare it as long."),
  VERSION_ON_KEY(
      Rule.WK208,
      Severity.ERROR,
      "field '${field}' is a key component and cannot be the @Version: the key "
          + "finds the row, the version says which state of it is stored, and "
          + "incrementing a key would write another row. Add a separate long "
          + "attribute for the @Version."),
  INDEXED_VERSION(
      Rule.WK208,
      Severity.ERROR,
      "index '${index}' lists column '${column}', which is the @Version: an index's columns "
          + "are its table's key, and the version changes on every write, so each put would "
          + "move the entity's index row and a read by version finds only the last write's. "
          + "Index another property."),
  VERSION_TWICE(
      Rule.WK208,
      Severity.ERROR,
      "field '${field}' is a second @Version, after '${first}'; a write checks "
          + "and increments one version per row. Remove one @Version."),
  VERSION_COLD(
      Rule.WK208,
      Severity.ERROR,
      "@Version field '${field}' is a @ColdColumn, but a conditional write is "
          + "checked on the hot row, atomically with writing it, and the cold table "
          + "is read only on demand. Remove @ColdColumn."),
  LAYOUT_KEY_CHANGED(
      Rule.WK308,
      Severity.ERROR,
      "the key layout of table '${table}' differs from its committed layout "
          + "file ${table}.layout:${diff}\nThe table's rows are stored under the "
          + "committed layout: under the new one, no existing row is found again and "
          + "new rows are mixed in with rows nothing can read, and on Lindorm a "
          + "table's primary-key schema cannot be modified after it is "
          + "created.${wayOut}"),
  LAYOUT_ATTRIBUTE_CHANGED(
      Rule.WK308,
      Severity.ERROR,
      "an attribute column of table '${table}' is stored differently from its "
          + "committed layout file ${table}.layout:${diff}\nThe values of existing "
          + "rows were written the old way and would be misread. Keep the old type "
          + "and encoding, or store the field under a new name (a new column) and "
          + "keep the old field until its values are migrated.${wayOut}"),
  LAYOUT_ATTRIBUTE_RENAMED(
      Rule.WK308,
      Severity.ERROR,
      "field '${newName}' is stored in a new column of table '${table}' while "
          + "column '${oldName}' of the same type is gone from it (committed layout "
          + "file ${table}.layout): a rename. Rows written before it keep their "
          + "value in '${oldName}', which nothing reads any longer: every existing "
          + "row would read '${newName}' as null. Undo the rename, or acknowledge "
          + "that the old values are no longer read: @RenamedFrom(\"${oldName}\") on "
          + "'${newName}' (a re-keying job into a new table copies the old column "
          + "into the new one)."),
  LAYOUT_ATTRIBUTE_MOVED(
      Rule.WK308,
      Severity.ERROR,
      "field '${field}' moved from table '${fromTable}' to table '${toTable}' "
          + "(committed layout file ${fromTable}.layout): the values of existing "
          + "rows stay in '${fromTable}', and reads would look for them in "
          + "'${toTable}' and find none. Undo the move (@ColdColumn decides the "
          + "table), or move the entity to a new table and re-key it (@RekeyedFrom)."),
  /** Enum constants gone from a committed column: the rows that store them cannot be read. */
  LAYOUT_ENUM_CONSTANTS_REMOVED(
      Rule.WK308,
      Severity.ERROR,
      "field '${field}' of table '${table}' stores the names of ${enum}'s constants, and"
          + " ${removed} (in its committed layout file ${table}.layout) is no longer one of them:"
          + " a row that stores it would fail to read (CORRUPT_DATA), whether the constant was"
          + " removed or renamed. Keep the constant (deprecated, if no write should use it any"
          + " more) while rows store it; to retire it, rewrite those rows first, then delete"
          + " ${table}.layout and build again."),
  /** A primitive field new to a committed table: the rows stored before it cannot be read. */
  LAYOUT_PRIMITIVE_ADDED(
      Rule.WK308,
      Severity.ERROR,
      "field '${field}' is new to table '${table}' (committed layout file ${table}.layout) and"
          + " is a primitive ${type}: the rows stored before it have no column '${column}', and a"
          + " primitive cannot read as none, so every one of them would fail to read"
          + " (CORRUPT_DATA). Declare it boxed (${boxed}), which reads those rows as null; if the"
          + " table holds no rows yet, delete ${table}.layout and build again."),
  LAYOUT_ATTRIBUTE_REMOVED(
      Rule.WK308,
      Severity.WARNING,
      "column '${column}' of table '${table}' is in its committed layout file "
          + "${table}.layout but no field stores it any longer: its values stay in "
          + "the table, unread. If that is meant, record it: delete ${table}.layout "
          + "or build once with -Awidekey.layouts.update=true, and commit the file."),
  LAYOUT_NEW_TABLE(
      Rule.WK308,
      Severity.NOTE,
      "table '${table}' has no committed layout file; its layout is written to "
          + "${file}. Commit it: later builds check the entity against it."),
  LAYOUT_PASSING_CHANGE(
      Rule.WK308,
      Severity.NOTE,
      "the layout of table '${table}' changed in ways that leave its stored "
          + "rows readable:${diff}\nThe committed file ${table}.layout is not "
          + "rewritten: delete it or build once with -Awidekey.layouts.update=true, "
          + "and commit it."),
  LAYOUT_UPDATED(
      Rule.WK308,
      Severity.NOTE,
      "the layout file of table '${table}' was rewritten with its passing "
          + "changes (widekey.layouts.update=true): ${file}. Commit it."),
  LAYOUT_STALE_FILE(
      Rule.WK308,
      Severity.WARNING,
      "layout file ${file} describes table '${table}', which no @WideTable "
          + "entity of this build stores and no @RekeyedFrom names: a renamed or "
          + "deleted entity, whose table and rows still exist. Delete the file once "
          + "the table is dropped, or name it in @RekeyedFrom to move its rows."),
  /**
   * An index declared on an entity whose hot table is committed (so holds rows): the rows stored
   * before it have no index rows until the repository builds them.
   */
  LAYOUT_INDEX_ON_STORED_TABLE(
      Rule.WK308,
      Severity.WARNING,
      "index '${index}' is new to table '${table}', whose layout file ${table}.layout is"
          + " committed: the entities already stored there have no rows in the new index table"
          + " '${indexTable}', and a read through it would miss them. After createTables(), reads"
          + " through '${index}' fail with IndexNotBuiltException until the repository's"
          + " buildIndexes() has indexed the stored entities. Stop the instances that run the"
          + " entity without the index first: their writes leave the index out."),
  /** As {@link #LAYOUT_STALE_FILE}, for the table of an index its entity no longer declares. */
  LAYOUT_STALE_INDEX_FILE(
      Rule.WK308,
      Severity.WARNING,
      "layout file ${file} describes table '${table}' of index '${index}', which ${entity} no"
          + " longer declares: the index table and its rows still exist, and nothing keeps them in"
          + " step with the entity's rows any more. Drop the table and delete the file, or declare"
          + " the index again."),
  /** As {@link #LAYOUT_STALE_FILE}, for the hot table an entity of this build was renamed from. */
  LAYOUT_STALE_RENAMED_TABLE(
      Rule.WK308,
      Severity.WARNING,
      "layout file ${file} describes table '${table}' of ${entity}, which now stores its rows in"
          + " table '${now}': the old table and its rows still exist, and the entity no longer"
          + " reads them. To keep them, declare @RekeyedFrom(table = \"${table}\") and run the"
          + " generated re-keying job; else delete the file once the table is dropped."),
  /**
   * An error on the entity whose layout file cannot be read or written; a warning where only the
   * scan for stale layout files fails, and the text of the exception a broken layout directory
   * throws.
   */
  LAYOUT_UNREADABLE(
      Rule.WK308,
      Severity.ERROR,
      "the layout file ${file} cannot be read, so the entity's key layout "
          + "cannot be checked against it: ${reason}. Restore the committed file "
          + "from version control."),
  /** As {@link #LAYOUT_UNREADABLE}, for a file of another format version: no restore fixes it. */
  LAYOUT_OTHER_VERSION(
      Rule.WK308,
      Severity.ERROR,
      "the layout file ${file} cannot be read, so the entity's key layout "
          + "cannot be checked against it: ${reason}."),
  /**
   * As {@link #LAYOUT_UNREADABLE}, for a file whose table line names another table than its file
   * name: another table's layout, which no check or move may take for this table's.
   */
  LAYOUT_OF_ANOTHER_TABLE(
      Rule.WK308,
      Severity.ERROR,
      "the layout file ${file} is the committed layout of table '${table}' by its name, but its"
          + " table line names table '${named}': it is a copy or rename of another table's file,"
          + " and says nothing of how table '${table}' stores its rows. Restore ${table}.layout"
          + " from version control; a layout of table '${named}' belongs in ${named}.layout."),
  /**
   * A table whose committed file is of another entity that this build still has (stored in another
   * table now): sharing its old rows, unlike a renamed class, which passes.
   */
  LAYOUT_OF_ANOTHER_ENTITY(
      Rule.WK308,
      Severity.ERROR,
      "table '${table}' is committed as a table of ${owner} (layout file ${table}.layout), which"
          + " is still an entity of this build: ${entity} would store its rows among the ones"
          + " ${owner} left there. Give ${entity} a table of its own (@WideTable(name = ...)), or,"
          + " if those rows are meant to be ${entity}'s, write entity=${entity} in ${table}.layout:"
          + " its layout is then checked as ${entity}'s."),
  REKEYED_FROM_MISSING(
      Rule.WK308,
      Severity.ERROR,
      "@RekeyedFrom(table = \"${table}\") names a table without a layout file "
          + "in the layout directory ${directory}: the re-keying job decodes the old "
          + "table's keys from it. Name a table whose ${table}.layout is committed "
          + "there (restore it from version control)."),
  REKEYED_FROM_WITHOUT_DIRECTORY(
      Rule.WK308,
      Severity.ERROR,
      "@RekeyedFrom(table = \"${table}\") needs the committed layout file "
          + "${table}.layout, but the build sets no layout directory. Add the "
          + "processor option -Awidekey.layouts=<directory of committed layout "
          + "files>."),
  REKEYED_FROM_ITSELF(
      Rule.WK308,
      Severity.ERROR,
      "@RekeyedFrom(table = \"${table}\") names the entity's own table: a "
          + "re-keying job reads the old table and writes a new one, never the same. "
          + "Give the entity a new table name, @WideTable(name = \"${table}_v2\")."),
  RENAMED_FROM_ON_KEY(
      Rule.WK308,
      Severity.ERROR,
      "@RenamedFrom on key component '${field}' renames a primary-key column, "
          + "which is a new key layout, not a rename of an attribute. Remove "
          + "@RenamedFrom; to rename a key component, move the entity to a new table "
          + "(@WideTable(name = ...) with @RekeyedFrom)."),
  CONVERTER_NOT_CONVERTER(
      Rule.WK212,
      Severity.ERROR,
      "field '${field}' names converter ${converter}, which does not implement "
          + "dev.widekey.runtime.value.AttributeConverter<J, S>: generated code "
          + "calls toStored and fromStored on it directly, never by reflection. "
          + "Implement AttributeConverter<J, S> with J the field's type and S one of "
          + "String, Long, Double, Boolean or byte[]."),
  CONVERTER_WRONG_TYPE(
      Rule.WK212,
      Severity.ERROR,
      "field '${field}' has type ${fieldType}, but its converter ${converter} "
          + "converts ${javaType}: the generated repository passes the field's value "
          + "to toStored and stores what fromStored returns in it, so J must be the "
          + "field's type exactly (a primitive field takes its boxed type's "
          + "converter only as that boxed type). Use a converter of ${fieldType}, or "
          + "change the field's type."),
  CONVERTER_STORED_TYPE(
      Rule.WK212,
      Severity.ERROR,
      "field '${field}''s converter ${converter} stores ${storedType}, which "
          + "no store holds as a column value: a converter stores String, Long, "
          + "Double, Boolean or byte[]. Convert to one of those (text, or bytes of "
          + "your own encoding)."),
  CONVERTER_NOT_CONSTRUCTIBLE(
      Rule.WK212,
      Severity.ERROR,
      "field '${field}''s converter ${converter} has no public no-argument "
          + "constructor, or is not a public concrete class (a static member of "
          + "public types, if nested): the generated repository keeps one instance, "
          + "made with 'new ${converter}()', in a constant. Make the class public "
          + "and give it a public constructor without parameters."),
  CONVERTER_CONSTRUCTOR_THROWS(
      Rule.WK212,
      Severity.ERROR,
      "field '${field}''s converter ${converter} has a no-argument constructor that "
          + "declares the checked ${exceptions}, but the generated repository makes its one "
          + "instance in a constant's initializer, which cannot throw it. Remove the throws "
          + "clause (throw an unchecked exception if need be)."),
  CONVERTER_ON_KEY(
      Rule.WK212,
      Severity.ERROR,
      "field '${field}' is a key component (of the primary key or an @Index) "
          + "and cannot be @Convert: a key's stored bytes decide the order of rows "
          + "and range reads, which only widekey's own order-preserving key "
          + "encodings (@Padded, @KeyChars, epoch milliseconds, enum names) keep, "
          + "and which the layout lock checks. Key on a field of a key type (String, "
          + "an integer, UUID, enum, a time) and keep the converted value an "
          + "attribute."),
  CONVERTER_WITH(
      Rule.WK212,
      Severity.ERROR,
      "field '${field}' is @Convert and ${annotation}, which encodes the "
          + "field's own value; a converted field is stored as its converter's "
          + "stored value. Remove one of them."),
  TRANSIENT_KEY(
      Rule.WK212,
      Severity.ERROR,
      "field '${field}' is @Transient and ${role}: a transient field is not "
          + "stored, but every row is found by its key. Remove @Transient, or make "
          + "the field no key component."),
  TRANSIENT_ANNOTATED(
      Rule.WK212,
      Severity.ERROR,
      "field '${field}' is @Transient, which keeps it out of storage, so "
          + "${annotations} on it would be ignored. Remove @Transient, or remove "
          + "${annotations}."),
  COLUMN_CLASH(
      Rule.WK212,
      Severity.ERROR,
      "field '${field}' is stored in column '${column}' under columnNaming = "
          + "${naming}, the column of ${otherKind} '${other}' too: one column cannot "
          + "hold two values. Rename one of the fields."),
  BAD_ATTRIBUTE_COLUMN(
      Rule.WK207,
      Severity.ERROR,
      "field '${field}' is stored in column '${column}', but Tablestore and "
          + "Lindorm accept only letters, digits and '_' in column names. Rename the "
          + "field."),
  RESERVED_COLUMN(
      Rule.WK212,
      Severity.ERROR,
      "field '${field}' is stored in column '${column}', which starts with "
          + "'${prefix}', the prefix widekey reserves for its own columns. Rename "
          + "the field."),
  TRUNCATED_NOT_KEY(
      Rule.WK104,
      Severity.ERROR,
      "field '${field}' is @TruncatedToMillis but is no key component (of the "
          + "primary key or an @Index): only a key keeps a time as epoch "
          + "milliseconds; an attribute keeps it exactly, as ISO text. Remove "
          + "@TruncatedToMillis."),
  TRUNCATED_TYPE(
      Rule.WK104,
      Severity.ERROR,
      "field '${field}' is @TruncatedToMillis but has type ${type}: only "
          + "Instant, LocalDateTime, OffsetDateTime and ZonedDateTime keys are kept "
          + "as epoch milliseconds and can be finer than that (a LocalDate is kept "
          + "as whole days, exactly). Remove @TruncatedToMillis."),
  LAYOUT_COLUMN_RENAMED(
      Rule.WK308,
      Severity.ERROR,
      "field '${field}' of table '${table}' is now stored in column "
          + "'${newColumn}', but its committed layout file ${table}.layout has it in "
          + "column '${oldColumn}' (a changed @WideTable(columnNaming), or a renamed "
          + "field): every existing row keeps its value in '${oldColumn}' and would "
          + "read '${field}' as null. Keep the table's column naming as it was (a "
          + "table that exists keeps its column names), or move the entity to a new "
          + "table (@WideTable(name = ...) with @RekeyedFrom), whose re-keying job "
          + "copies the old columns."),

  // ---- query interfaces (QueryMessages) ----

  QUERY_NO_ENTITY(
      Rule.WK307,
      Severity.ERROR,
      "@Repository ${iface} names no @WideTable entity: neither a "
          + "DataRepository<E, K> supertype nor a method returning E, Optional<E>, "
          + "Stream<E> or List<E> says which table it reads. Extend "
          + "DataRepository<E, K> with the entity as E."),
  QUERY_SEVERAL_ENTITIES(
      Rule.WK307,
      Severity.ERROR,
      "@Repository ${iface} names several entities (${entities}); a query "
          + "interface reads one table. Declare one interface per entity."),
  QUERY_INHERITED_REPOSITORY(
      Rule.WK307,
      Severity.ERROR,
      "@Repository ${iface} extends ${supertype}, whose findAll() reads the "
          + "whole table and findAll(PageRequest, Order) pages by offset, scanning "
          + "from the start for every page. Extend DataRepository<E, K> and declare "
          + "the reads the key serves."),
  QUERY_PRIVATE_INTERFACE(
      Rule.WK307,
      Severity.ERROR,
      "@Repository ${iface} cannot be implemented by the generated ${implementation}, a "
          + "top-level class of its package, because ${hidden} is private. Make ${hidden} at "
          + "least package-private."),
  QUERY_GENERIC_INTERFACE(
      Rule.WK307,
      Severity.ERROR,
      "@Repository ${iface} has type parameters, which the generated ${implementation} "
          + "could not choose: it implements the reads of one entity's table. Remove the type "
          + "parameters."),
  QUERY_SEALED_INTERFACE(
      Rule.WK307,
      Severity.ERROR,
      "@Repository ${iface} is sealed and does not permit the generated ${implementation}, "
          + "so nothing can implement its queries. Add ${implementation} to its permits "
          + "clause, or remove 'sealed'."),
  QUERY_IMPLEMENTATION_TAKEN(
      Rule.WK307,
      Severity.ERROR,
      "@Repository ${iface} makes widekey generate ${generated}, which query interface "
          + "${owner} generates already (a nested interface's implementation is named by "
          + "joining the enclosing names with '_'). Rename one of the two interfaces."),
  QUERY_IMPLEMENTATION_EXISTS(
      Rule.WK307,
      Severity.ERROR,
      "@Repository ${iface} makes widekey generate ${generated}, but the sources already "
          + "declare a type of that name. Rename that type or the interface (widekey implements "
          + "a query interface in a class of its name plus '_')."),
  QUERY_FILE_NAME_TOO_LONG(
      Rule.WK307,
      Severity.ERROR,
      "@Repository ${iface} makes widekey generate the file ${file}, whose name is ${bytes} bytes"
          + " long, over the ${maxBytes} bytes a file name holds on common file systems, so it"
          + " could not be written. Shorten the interface's name (or the names of the types"
          + " around it)."),
  QUERY_WINDOW_PARAMETERS(
      Rule.WK307,
      Severity.ERROR,
      "${method} reads @TimeSharded ${entity}, whose rows live in one table "
          + "per period, but does not end with the time window it reads: declare its "
          + "last two parameters as Instant since, Instant until (the shard values "
          + "in [since, until), the periods read)."),
  QUERY_SHARDED_POINT_READ(
      Rule.WK307,
      Severity.ERROR,
      "${method} fixes the whole primary key of @TimeSharded ${entity}: that "
          + "is a point read in the period its shard value names, not a scan over a "
          + "window. Read it with the generated ${entity}ShardedRepository's get, or "
          + "leave a key column open."),
  QUERY_UNKNOWN_PROPERTY(
      Rule.WK307,
      Severity.ERROR,
      "${method} names ${name}, which is no property of ${entity}. Did you " + "mean ${closest}?"),
  QUERY_UNSTORED_PROPERTY(
      Rule.WK307,
      Severity.ERROR,
      "${method} names ${name}, but ${entity} declares it ${marker}: it is not stored, so no read"
          + " can select or order by it. Remove it from the query, or store it (drop ${marker})."),
  QUERY_NO_CONDITION_ON_LEADING(
      Rule.WK307,
      Severity.ERROR,
      "${method} has no condition on ${missing}, a leading component of the primary key (${key}):"
          + " without it the read is no leftmost prefix of the key and scans the whole table."
          + " Add a condition on ${missing}."),
  QUERY_NOT_LEFTMOST_PREFIX(
      Rule.WK307,
      Severity.ERROR,
      "${method} has conditions on ${named} but none on ${missing}, a leading component of the"
          + " primary key (${key}): without it the read is no leftmost prefix of the key and scans"
          + " the whole table. Add a condition on ${missing}, or read through an index table whose"
          + " key leads with ${firstNamed}."),
  QUERY_ATTRIBUTE_CONDITION(
      Rule.WK307,
      Severity.ERROR,
      "${method} has a condition on ${property}, which is no key component: "
          + "rows are found by their primary key (${key}), so a read by ${property} "
          + "scans the whole table. Read by a leftmost prefix of the key, or through "
          + "an index table on ${property}."),
  QUERY_RANGE_NOT_LAST(
      Rule.WK307,
      Severity.ERROR,
      "${method} bounds ${range} and has a condition on ${after}, which "
          + "follows it in the key: within the range rows are ordered by ${range} "
          + "first, so ${after} would be filtered out of a scan, not read. Make the "
          + "range the last condition in key order: fix ${range} by equality, or "
          + "drop the condition on ${after}."),
  QUERY_UNORDERED_RANGE(
      Rule.WK307,
      Severity.ERROR,
      "${method} has a ${operator} range, but ${why}; it takes equality only "
          + "(rule WK107). Query it by equality, or range over a key column that "
          + "keeps its values' order."),
  QUERY_UNSCANNABLE(
      Rule.WK307,
      Severity.ERROR,
      "${method} cannot be read in key order: ${why}. Add those conditions."),
  QUERY_PARAMETER_COUNT(
      Rule.WK307,
      Severity.ERROR,
      "${method} declares ${declared} condition parameter${plural}, but its "
          + "conditions (${of}) take ${needed}. Declare one parameter per condition, "
          + "two for Between, in the order of the name."),
  QUERY_PARAMETER_TYPE(
      Rule.WK307,
      Severity.ERROR,
      "parameter ${parameter} is ${declared}, but ${property} is ${type}. "
          + "Declare it as ${type}."),
  QUERY_UNMATCHED_PARAMETER(
      Rule.WK307,
      Severity.ERROR,
      "parameter ${parameter} of @Find ${method} names no property: annotate "
          + "it @By(\"property\") or give it a property's name (compile with "
          + "-parameters)."),
  QUERY_ORDERING(
      Rule.WK307,
      Severity.ERROR,
      "${method} orders by ${ordering}, but rows are read in key order "
          + "(${keyOrder}) or its reverse; any other order would sort the whole "
          + "result in memory. Order by the key's next components, all ascending or "
          + "all descending."),
  QUERY_UNORDERED_ORDERING(
      Rule.WK307,
      Severity.ERROR,
      "${method} orders by a component whose stored order is not its values': "
          + "${why}. Drop the ordering, or order by a key column that keeps its "
          + "values' order."),
  QUERY_SINGLE_RESULT(
      Rule.WK307,
      Severity.ERROR,
      "${method} returns ${returned}, one entity, but its conditions leave "
          + "${missing} of the primary key open, so several rows may match. Return "
          + "Stream or List, add conditions on ${missing}, or name it findFirstBy...."),
  QUERY_PAGE_OF_ONE(
      Rule.WK307,
      Severity.ERROR,
      "${method} returns CursoredPage, but its conditions fix the whole "
          + "primary key: at most one entity matches, read by a point read, not a "
          + "scan that pages. Return Optional."),
  QUERY_PAGE_REQUEST_WITHOUT_PAGE(
      Rule.WK307,
      Severity.ERROR,
      "${method} takes a PageRequest but does not return CursoredPage: the "
          + "next page's cursor travels in the page returned. Return CursoredPage of "
          + "the entity."),
  QUERY_PAGE_WITH_LIMIT(
      Rule.WK307,
      Severity.ERROR,
      "${method} returns CursoredPage and also takes a Limit or is named "
          + "findFirst: the PageRequest's size is the limit. Drop the Limit or First."),
  QUERY_UNSUPPORTED_RESULT(
      Rule.WK307,
      Severity.ERROR,
      "${method} returns ${returned}, which a query cannot return. Return the "
          + "entity, Optional, Stream or List of it (long, int or boolean for "
          + "countBy and existsBy)."),
  QUERY_CURSORED_PAGE_WITHOUT_REQUEST(
      Rule.WK307,
      Severity.ERROR,
      "${method} returns CursoredPage but takes no PageRequest: the request "
          + "carries the page size and the cursor of the page to read. Add a "
          + "PageRequest parameter."),
  QUERY_UNSUPPORTED(
      Rule.WK307, Severity.ERROR, "${method} uses ${part}, which widekey refuses: ${why}."),
  QUERY_LIFECYCLE_PARAMETER(
      Rule.WK307,
      Severity.ERROR,
      "@${annotation} ${method} takes one ${entity} and returns void or "
          + "${entity}. Declare it so (batches go through the generated repository's "
          + "putAll)."),

  // ---- service-maintained indexes (ServiceIndexMessages) ----

  SERVICE_INDEX_NOT_TABLESTORE(
      Rule.WK306,
      Severity.ERROR,
      "index '${index}' (table ${table}): maintainedBy = ${maintenance} asks "
          + "the service to maintain it, but the entity's profile is ${profile}: "
          + "only Tablestore maintains secondary indexes itself; on HBase, and on "
          + "Lindorm through its HBase API, widekey maintains index tables "
          + "client-side. Remove maintainedBy (IndexMaintenance.CLIENT, the exact "
          + "guarantee on every store)."),
  SERVICE_INDEX_TIME_SHARDED(
      Rule.WK306,
      Severity.ERROR,
      "index '${index}' (table ${table}): maintainedBy = ${maintenance} on a "
          + "@TimeSharded entity: each period's table would need indexes of its own, "
          + "named uniquely in the instance, which widekey does not create. Use "
          + "IndexMaintenance.CLIENT, which keeps one index table per period."),
  SERVICE_INDEX_HASH_PREFIX(
      Rule.WK306,
      Severity.ERROR,
      "index '${index}' (table ${table}): maintainedBy = ${maintenance} with a "
          + "hashPrefix: the service builds the index key from the columns as the "
          + "table stores them, so it cannot prefix a hash. Remove hashPrefix, or "
          + "keep the index client-side (IndexMaintenance.CLIENT)."),
  SERVICE_INDEX_TOO_MANY(
      Rule.WK306,
      Severity.ERROR,
      "${entity} declares ${count} service-maintained indexes; Tablestore allows at most 5"
          + " secondary indexes per data table (Secondary index limits, ${limitsPage}). Keep the"
          + " others client-side (IndexMaintenance.CLIENT)."),
  SERVICE_INDEX_TOO_MANY_COLUMNS(
      Rule.WK306,
      Severity.ERROR,
      "index '${index}' (table ${table}): lists ${count} columns; a Tablestore "
          + "secondary index has at most 4 index columns (Secondary index limits, "
          + "${LIMITS_PAGE}). Drop columns, or keep the index client-side "
          + "(IndexMaintenance.CLIENT)."),
  SERVICE_INDEX_KEY_COLUMN_ENCODED(
      Rule.WK306,
      Severity.ERROR,
      "index '${index}' (table ${table}): column '${column}' is in the primary "
          + "key, but ${why}, so the service's index would hold the stored key "
          + "column, not the value the index reads ask for. An index column of a "
          + "service index is a primary-key column as stored, or a predefined column "
          + "(Secondary index limits, ${LIMITS_PAGE}). Keep the index client-side "
          + "(IndexMaintenance.CLIENT)."),
  SERVICE_INDEX_ATTRIBUTE_TYPE(
      Rule.WK306,
      Severity.ERROR,
      "index '${index}' (table ${table}): column '${column}' is stored as "
          + "${stored}; a Tablestore index column is a primary-key column or a "
          + "predefined column of type String, Integer or Binary, ordered as the "
          + "value it holds (Secondary index limits, ${LIMITS_PAGE}). Index a "
          + "String, an integral number without @Padded, an enum or an uncompressed "
          + "byte[], or keep the index client-side (IndexMaintenance.CLIENT)."),
  SERVICE_INDEX_LOCAL_FIRST_COLUMN(
      Rule.WK306,
      Severity.ERROR,
      "index '${index}' (table ${table}): is SERVICE_LOCAL but starts with "
          + "'${column}'; the first column of a local secondary index must be the "
          + "data table's first primary-key column, here '${first}' alone (Secondary "
          + "index overview, ${OVERVIEW_PAGE}). Start the index with it, or use "
          + "SERVICE_GLOBAL (asynchronous) or IndexMaintenance.CLIENT."),

  // ---- @RekeyedFrom (RekeyMessages) ----

  REKEY_NOT_HOT_TABLE(
      Rule.WK308,
      Severity.ERROR,
      "${entity} @RekeyedFrom(table = \"${from}\"): the committed layout of "
          + "${from} is ${role} table's; name the old entity's hot table, whose "
          + "rows are the entities to move."),
  REKEY_TIME_SHARDED(
      Rule.WK308,
      Severity.ERROR,
      "${entity} @RekeyedFrom(table = \"${from}\"): a time-sharded entity is "
          + "not re-keyed by a generated job: its period tables expire on their own. "
          + "Give the new layout a new table name and let the old periods expire, or "
          + "move each period with a job of your own."),
  REKEY_KEY_FIELDS_DIFFER(
      Rule.WK308,
      Severity.ERROR,
      "${entity} @RekeyedFrom(table = \"${from}\"): the old key holds "
          + "${oldFields} but the new key holds ${newFields}: a re-keying job moves "
          + "rows between layouts of the same key fields, each of the same type "
          + "(their encodings, order and prefixes may change). Keep the key fields, "
          + "or move the rows with a job of your own."),
  REKEY_ATTRIBUTE_DIFFERS(
      Rule.WK308,
      Severity.ERROR,
      "${entity} @RekeyedFrom(table = \"${from}\"): column ${column} is stored "
          + "as ${oldStored} in the old table but as ${newStored} now: the job reads "
          + "old rows with the entity's current attribute codecs, which would "
          + "misread it. Keep the column's type, or move the rows with a job of your "
          + "own."),
  REKEY_UNREADABLE_FILE(
      Rule.WK308,
      Severity.ERROR,
      "${entity} @RekeyedFrom(table = \"${from}\"): the job is generated from the old entity's"
          + " committed layout files, but ${file} cannot be read (${reason}): if it is a cold,"
          + " chunk or index table of the old entity, the job would leave that table's rows"
          + " behind. Restore the file from version control, or delete it if it belongs to no"
          + " table.");

  /** How the processor reports a message. */
  public enum Severity {
    /** A compile error: nothing is generated for the entity. */
    ERROR,
    /** A warning: the design works but is likely to hurt; code is generated. */
    WARNING,
    /** A note: information, such as a layout file written. */
    NOTE
  }

  private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{(\\w+)}");

  private final Rule rule;
  private final Severity severity;
  private final String template;

  Message(Rule rule, Severity severity, String template) {
    this.rule = rule;
    this.severity = severity;
    this.template = template;
  }

  /** The rule the message reports; the formatted message starts with its id. */
  public Rule rule() {
    return rule;
  }

  /** The severity the processor reports the message with. */
  public Severity severity() {
    return severity;
  }

  /** The text after the rule id, with named placeholders such as {@code ${field}}. */
  public String template() {
    return template;
  }

  /** The placeholders' names, in the order the template first uses them. */
  public Set<String> placeholders() {
    Set<String> names = new LinkedHashSet<>();
    Matcher m = PLACEHOLDER.matcher(template);
    while (m.find()) {
      names.add(m.group(1));
    }
    return Collections.unmodifiableSet(names);
  }

  /**
   * The message: the rule id, then the template with each placeholder replaced by its value.
   *
   * @param namesAndValues each placeholder's name followed by its value (printed as {@code
   *     String.valueOf} prints it), for every placeholder of the template
   * @throws IllegalArgumentException when a name is missing, unknown or without a value
   */
  public String format(Object... namesAndValues) {
    if (namesAndValues.length % 2 != 0) {
      throw new IllegalArgumentException(name() + ": names and values come in pairs");
    }
    Map<String, String> values = new LinkedHashMap<>();
    for (int i = 0; i < namesAndValues.length; i += 2) {
      values.put((String) namesAndValues[i], String.valueOf(namesAndValues[i + 1]));
    }
    if (!values.keySet().equals(placeholders())) {
      throw new IllegalArgumentException(
          name() + " takes " + placeholders() + ", was given " + values.keySet());
    }
    StringSubstitutor substitutor = new StringSubstitutor(values);
    // a value (a field name, a stack trace) is printed as it is, never read as a template
    substitutor.setDisableSubstitutionInValues(true);
    return rule.name() + ": " + substitutor.replace(template);
  }
}
