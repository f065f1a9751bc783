package dev.widekey.core;

/**
 * The rule catalogue: stable ids, each with the rule it enforces, why it matters, the seed
 * documents it comes from and when it is checked (the generated {@code docs/rules.md} shows them).
 * The one source of rule ids: the processor's compile-time diagnostics and the runtime's {@link
 * RuleViolationException}s both start with {@code rule.name()}.
 *
 * <pre>{@code
 * throw new InvalidKeyException(Rule.WK111, "tenant", "is null; key components are never null");
 * }</pre>
 */
public enum Rule {
  WK100(
      Checked.COMPILE_TIME,
      "none: widekey's own rule",
      "generated code reads and builds entities without reflection, so what "
          + "it cannot name, read or build is refused when the entity compiles, "
          + "not when a row is read",
      "an entity is a record or a class whose properties generated code can read and set"),
  WK101(
      Checked.COMPILE_TIME,
      "all",
      "the partition key decides which partition holds each row, and the "
          + "components' order is the key layout; without one, or with an "
          + "ambiguous order, there is no layout to generate",
      "an entity has a partition key; its key components take their declaration order, or each"
          + " states a distinct order"),
  WK102(
      Checked.COMPILE_TIME,
      "000, 001, 003",
      "a sequential leading value puts every new row on the last partition: "
          + "a write hotspot that more partitions do not relieve",
      "the leading partition-key component is not sequential (an integral or time type, or"
          + " @Sequential) unless hash-prefixed, bucketed, reversed or @NotSequential(reason);"
          + " few values or a name of sequence or time warn"),
  WK103(
      Checked.COMPILE_TIME,
      "000, 001",
      "spliced into text, numbers sort as text (54 after 167) unless padded to one width",
      "an integral component spliced into a string key is @Padded"),
  WK104(
      Checked.BOTH,
      "000, 001",
      "a value wider than its padding would break the key order or, "
          + "truncated, another row's key",
      "a padding width fits the type; a value that does not fit is rejected, never truncated"),
  WK105(
      Checked.BOTH,
      "000, 001",
      "a character below the delimiter breaks the order of spliced keys (\":\" "
          + "breaks a100 before a1001), and a value holding the delimiter can read "
          + "or overwrite another key's rows (key injection)",
      "the delimiter sorts below every character a spliced component may hold; where a type-level"
          + " hash prefix digests the whole spliced key, it only stays out of every component"),
  WK106(
      Checked.BOTH,
      "000, 001",
      "a hash prefix or bucket scatters sequential writes; a wrong length, "
          + "place or partition count scatters nothing or fails when the table is "
          + "created",
      "a hash prefix is 1 to 32 hex digits, on the partition key, at most once, pre-split into"
          + " no more partitions than the profile's service creates a table with; buckets are 2"
          + " to 1,024, on the leading partition-key component, never with a hash prefix or"
          + " @Reversed"),
  WK107(
      Checked.COMPILE_TIME,
      "000, 001",
      "a hash prefix, bucket or reversal scatters adjacent values over the "
          + "key range, so a range read over them would return wrong rows or miss "
          + "rows",
      "no range read over a hash-prefixed, reversed or bucketed partition key"),
  WK108(
      Checked.COMPILE_TIME,
      "003",
      "a key orders and identifies rows: floats, decimals, booleans, times "
          + "of day and legacy dates have no exact, ordered key text",
      "key components are strings, integers, UUIDs, enums, byte[] or times (Instant, LocalDate,"
          + " LocalDateTime, OffsetDateTime, ZonedDateTime)"),
  WK109(
      Checked.BOTH,
      "001",
      "the service refuses a key column or key over its size limit on the "
          + "write, after the data is built",
      "each primary-key column, and the whole key, fits the profile's size limits (1 KB a column on"
          + " Tablestore, 2 KB of encoded row key on Lindorm, a 32,767-byte row key on HBase)"),
  WK110(
      Checked.COMPILE_TIME,
      "Tablestore limits, Lindorm limits",
      "the service refuses to create a table with more primary-key columns "
          + "than it allows, or a binary column where it allows none",
      "a primary key has no more columns than the profile allows (4 on Tablestore, 5 on Lindorm),"
          + " and a binary column only where it allows (last on Lindorm); an index table's key"
          + " counts its trailing reference column"),
  WK111(
      Checked.RUN_TIME,
      "none: widekey's own rule",
      "a null has no key text and no place in the key order",
      "key components are never null"),
  WK112(
      Checked.RUN_TIME,
      "none: widekey's own rule",
      "a stored key that is not the encoding of what it decodes to would let "
          + "two keys name one row, or a forged key pass as a real one",
      "a stored key decodes only if encoding its decoded values gives it back exactly"),
  WK113(
      Checked.COMPILE_TIME,
      "none: widekey's own rule",
      "only an integer has a complement that reverses its order exactly; a "
          + "descending text column has no such encoding",
      "a descending key column is stored as an integer, whose order a complement reverses"),
  WK201(
      Checked.BOTH,
      "001",
      "the stores have no decimal type and a double cannot hold 0.1 exactly: "
          + "money would be rounded on every write",
      "money is a BigDecimal stored as a long of minor units with @Money, never a double"),
  WK202(
      Checked.BOTH,
      "000, 001",
      "the service refuses an attribute, row or put over its size limit on the write",
      "an attribute value is at most 2 MB, a row's non-key values together within the profile's"
          + " row limit (2 MB of tagged cell values and row marker on Lindorm), and one put of a row within its put limit (4 MB on"
          + " Tablestore)"),
  WK203(
      Checked.BOTH,
      "000, 001",
      "compressed text must come back byte for byte, and a corrupt or "
          + "inflating value must not exhaust memory",
      "compressed columns are restored exactly"),
  WK204(
      Checked.COMPILE_TIME,
      "000, 001",
      "rarely read columns make every read of the hot row pay for them; on a "
          + "key they would split the row",
      "columns read at different frequencies go to different tables; never a key"),
  WK205(
      Checked.COMPILE_TIME,
      "003",
      "a Lindorm row exists only through its cells: a row of key columns alone is not stored",
      "a Lindorm row has at least one non-key column"),
  WK206(
      Checked.RUN_TIME,
      "none: widekey's own rule",
      "an unpaired surrogate has no UTF-8 form, so the stored text would not "
          + "read back as written",
      "text values are valid Unicode, storable exactly as UTF-8"),
  WK207(
      Checked.COMPILE_TIME,
      "Tablestore limits, Lindorm limits",
      "a name one service refuses breaks the move between services, and two "
          + "entities in one table overwrite each other's rows",
      "a table name is valid on every service and belongs to one entity"),
  WK208(
      Checked.BOTH,
      "none: widekey's own rule",
      "a conditional write compares one stored integer on the hot row; a "
          + "version anywhere else is never checked",
      "a version is one primitive long attribute on the hot row, never a key"),
  WK209(
      Checked.COMPILE_TIME,
      "Tablestore limits",
      "the service refuses to create a table with a time to live it does not accept",
      "a table's time to live is -1 (never) or one its profile's service accepts (at least"
          + " 86,400 seconds on Tablestore, and at most 2,147,483,646 on every service)"),
  WK210(
      Checked.BOTH,
      "000, 001, 002",
      "a period table is picked by the shard value: without a valid one a "
          + "row goes nowhere, or to a table that cannot be created",
      "@TimeSharded only on a @WideTable; a time-sharded entity's shard field is an existing time"
          + " field, never null when written; it keeps at least one period, and every period table"
          + " name is legal on every service"),
  WK211(
      Checked.COMPILE_TIME,
      "Tablestore limits",
      "an instance holds a limited number of tables; period tables past it cannot be created",
      "a time-sharded entity's period tables (kept and created ahead, hot, cold, chunk and index"
          + " tables) fit the profile's tables per instance (64 on Tablestore)"),
  WK212(
      Checked.BOTH,
      "none: widekey's own rule",
      "a converter that does not fit its field fails on the first row, and "
          + "two attributes in one column overwrite each other",
      "a converted attribute names an AttributeConverter of its field's type to a stored type"
          + " (String, Long, Double, Boolean, byte[]) with a public no-argument constructor, never"
          + " on a key; a @Transient field is no key; attribute column names, after the column"
          + " naming strategy, are distinct"),
  WK307(
      Checked.COMPILE_TIME,
      "003",
      "a read that is no leftmost prefix of the key scans the whole table",
      "a query reads a leftmost prefix of a key: equality on its leading components, at most one"
          + " range, on the next component and last, in key order or its reverse; anything else"
          + " scans the whole table"),
  // run-time rules: reports, writers and stores follow them; no compile-time check
  WK301(
      Checked.RUN_TIME,
      "all",
      "a partition-key value over the service's size guideline cannot be "
          + "split and becomes a hotspot",
      "one partition-key value stays under 10 GB (1 GB in the Chinese edition): measured by the"
          + " store, reported as a hotspot"),
  WK302(
      Checked.RUN_TIME,
      "000, 001",
      "sorted input writes to one partition at a time; spread and parallel "
          + "writes use them all",
      "bulk imports spread their writes over the key range and write with parallel workers"),
  WK303(
      Checked.RUN_TIME,
      "000",
      "retrying a failure that cannot succeed wastes capacity, and retrying "
          + "in lockstep overloads the service again",
      "only retryable failures are retried, with exponential, randomized backoff"),
  WK304(
      Checked.RUN_TIME,
      "003",
      "the service refuses a batch or multi-get over its limits",
      "a batch stays within the service's batch limits (rows and bytes), a multi-get within its"
          + " row limit"),
  WK305(
      Checked.RUN_TIME,
      "000, 001, 002",
      "old data in the table being written makes every write and compaction "
          + "pay for it; a table per period is dropped whole",
      "hot and cold data are separated by time: per-period tables, writes to the current one,"
          + " reads fan out"),
  WK306(
      Checked.COMPILE_TIME,
      "003",
      "an index table is a table: its key meets every key rule, and each "
          + "index costs a row write per put",
      "an index names existing hot properties, each once, in a key that passes every key rule;"
          + " it is no copy of the primary key's leading columns, its name is unique, and an entity"
          + " keeps few indexes (each costs a row write per put) and, on Lindorm, within the"
          + " service's index quota"),
  WK308(
      Checked.COMPILE_TIME,
      "003",
      "the rows of a table are stored under its key layout: under a changed "
          + "one, no existing row is found again",
      "the key layout of a table that exists never changes: a build compares every table's"
          + " layout with its committed layout file; a changed key, a changed or silently renamed"
          + " attribute is an error, and the way out is a new table (and a re-keying job)"),
  WK309(
      Checked.RUN_TIME,
      "none: widekey's own rule",
      "a forged or reused token could read another table's or another query's rows",
      "a continuation token is one this repository signed for this query: its signature, table,"
          + " query and parameters are checked before anything is read");

  private final Checked checked;
  private final String seeds;
  private final String why;
  private final String summary;

  Rule(Checked checked, String seeds, String why, String summary) {
    this.checked = checked;
    this.seeds = seeds;
    this.why = why;
    this.summary = summary;
  }

  /** When a rule is checked: by the processor as an entity compiles, by the runtime, or both. */
  public enum Checked {
    /** By the annotation processor, as the entity (or query interface) compiles. */
    COMPILE_TIME("compile time"),
    /** By the runtime, its writers, reports and stores, on the values and rows they handle. */
    RUN_TIME("run time"),
    /** At compile time where the declaration decides it, at run time on each value otherwise. */
    BOTH("compile time and run time");

    private final String text;

    Checked(String text) {
      this.text = text;
    }

    /** As the rules page writes it: "compile time", "run time", "compile time and run time". */
    public String text() {
      return text;
    }
  }

  /** When the rule is checked. */
  public Checked checked() {
    return checked;
  }

  /**
   * The seed documents the rule comes from, as the design's rule catalogue lists them ("000, 001",
   * "003", "Tablestore limits", "all"); "none: widekey's own rule" where it comes from none.
   */
  public String seeds() {
    return seeds;
  }

  /** Why the rule matters: what breaks without it, in one sentence. */
  public String why() {
    return why;
  }

  /** The rule in one line. */
  public String summary() {
    return summary;
  }
}
