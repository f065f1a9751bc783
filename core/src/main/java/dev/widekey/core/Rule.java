package dev.widekey.core;

/**
 * The rule catalogue: stable ids, each with the rule it enforces. The one source of rule ids: the
 * processor's compile-time diagnostics and the runtime's {@link RuleViolationException}s both start
 * with {@code rule.name()}.
 *
 * <pre>{@code
 * throw new InvalidKeyException(Rule.WK111, "tenant", "is null; key components are never null");
 * }</pre>
 */
public enum Rule {
  WK100("an entity is a record or a class whose properties generated code can read and set"),
  WK101(
      "an entity has a partition key; its key components take their declaration order, or each"
          + " states a distinct order"),
  WK102(
      "the leading partition-key component is not sequential (an integral or time type, or"
          + " @Sequential) unless hash-prefixed, bucketed, reversed or @NotSequential(reason);"
          + " few values or a name of sequence or time warn"),
  WK103("an integral component spliced into a string key is @Padded"),
  WK104("a padding width fits the type; a value that does not fit is rejected, never truncated"),
  WK105(
      "the delimiter sorts below every character a spliced component may hold; where a type-level"
          + " hash prefix digests the whole spliced key, it only stays out of every component"),
  WK106(
      "a hash prefix is 1 to 32 hex digits, on the partition key, at most once, pre-split into"
          + " no more partitions than the profile's service creates a table with; buckets are 2"
          + " to 1,024, on the leading partition-key component, never with a hash prefix or"
          + " @Reversed"),
  WK107("no range read over a hash-prefixed, reversed or bucketed partition key"),
  WK108(
      "key components are strings, integers, UUIDs, enums, byte[] or times (Instant, LocalDate,"
          + " LocalDateTime, OffsetDateTime, ZonedDateTime)"),
  WK109(
      "each primary-key column, and the whole key, fits the profile's size limits (1 KB a column on"
          + " Tablestore, 2 KB of encoded row key on Lindorm, a 32,767-byte row key on HBase)"),
  WK110(
      "a primary key has no more columns than the profile allows (4 on Tablestore, 5 on Lindorm),"
          + " and a binary column only where it allows (last on Lindorm); an index table's key"
          + " counts its trailing reference column"),
  WK111("key components are never null"),
  WK112("a stored key decodes only if encoding its decoded values gives it back exactly"),
  WK113("a descending key column is stored as an integer, whose order a complement reverses"),
  WK201("money is a BigDecimal stored as a long of minor units with @Money, never a double"),
  WK202(
      "an attribute value is at most 2 MB, a row's non-key values together within the profile's"
          + " row limit (2 MB of tagged cell values and row marker on Lindorm), and one put of a row within its put limit (4 MB on"
          + " Tablestore)"),
  WK203("compressed columns are restored exactly"),
  WK204("columns read at different frequencies go to different tables; never a key"),
  WK205("a Lindorm row has at least one non-key column"),
  WK206("text values are valid Unicode, storable exactly as UTF-8"),
  WK207("a table name is valid on every service and belongs to one entity"),
  WK208("a version is one primitive long attribute on the hot row, never a key"),
  WK209(
      "a table's time to live is -1 (never) or one its profile's service accepts (at least"
          + " 86,400 seconds on Tablestore, and at most 2,147,483,646 on every service)"),
  WK210(
      "@TimeSharded only on a @WideTable; a time-sharded entity's shard field is an existing time"
          + " field, never null when written; it keeps at least one period, and every period table"
          + " name is legal on every service"),
  WK211(
      "a time-sharded entity's period tables (kept and created ahead, hot, cold, chunk and index"
          + " tables) fit the profile's tables per instance (64 on Tablestore)"),
  WK212(
      "a converted attribute names an AttributeConverter of its field's type to a stored type"
          + " (String, Long, Double, Boolean, byte[]) with a public no-argument constructor, never"
          + " on a key; a @Transient field is no key; attribute column names, after the column"
          + " naming strategy, are distinct"),
  WK307(
      "a query reads a leftmost prefix of a key: equality on its leading components, at most one"
          + " range, on the next component and last, in key order or its reverse; anything else"
          + " scans the whole table"),
  // run-time rules: reports, writers and stores follow them; no compile-time check
  WK301(
      "one partition-key value stays under 10 GB (1 GB in the Chinese edition): measured by the"
          + " store, reported as a hotspot"),
  WK302("bulk imports spread their writes over the key range and write with parallel workers"),
  WK303("only retryable failures are retried, with exponential, randomized backoff"),
  WK304(
      "a batch stays within the service's batch limits (rows and bytes), a multi-get within its"
          + " row limit"),
  WK305(
      "hot and cold data are separated by time: per-period tables, writes to the current one,"
          + " reads fan out"),
  WK306(
      "an index names existing hot properties, each once, in a key that passes every key rule;"
          + " it is no copy of the primary key's leading columns, its name is unique, and an entity"
          + " keeps few indexes (each costs a row write per put) and, on Lindorm, within the"
          + " service's index quota"),
  WK308(
      "the key layout of a table that exists never changes: a build compares every table's"
          + " layout with its committed layout file; a changed key, a changed or silently renamed"
          + " attribute is an error, and the way out is a new table (and a re-keying job)"),
  WK309(
      "a continuation token is one this repository signed for this query: its signature, table,"
          + " query and parameters are checked before anything is read");

  private final String summary;

  Rule(String summary) {
    this.summary = summary;
  }

  /** The rule in one line. */
  public String summary() {
    return summary;
  }
}
