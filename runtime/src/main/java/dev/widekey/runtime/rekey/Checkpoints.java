package dev.widekey.runtime.rekey;

import dev.widekey.core.store.AttrType;
import dev.widekey.runtime.retry.RetryPolicy;
import dev.widekey.runtime.retry.RetryingStore;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.OrderedKeyBytes;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WriteCondition;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A job's rows in {@link RekeyJob#PROGRESS_TABLE}: its plan (the segments' boundaries), its lease
 * (which run the job belongs to), one checkpoint per segment, one row per refusal. Keyed by job id
 * and entry ({@code plan}, {@code lease}, {@code segment/00007}, {@code
 * refusal/00007/000000000012}).
 */
final class Checkpoints {
  static final String PLAN = "plan";
  private static final String LEASE = "lease";
  private static final String GENERATION = "generation";

  /** A checkpoint's column: the lease generation of the run that wrote it. */
  private static final String LEASE_GENERATION = "lease";

  private static final String BOUNDS = "bounds";
  private static final String SEQ = "seq";
  private static final String RUN = "run";
  private static final String LAST_KEY = "last_key";
  private static final String DONE = "done";
  private static final String READ = "rows_read";
  private static final String WRITTEN = "rows_written";
  private static final String REFUSED = "rows_refused";
  private static final String OLD_KEY = "old_key";
  private static final String RULE = "rule";
  private static final String MESSAGE = "message";
  private static final int MAX_MESSAGE = 2_000;

  private final WideTableStore store;
  private final String jobId;
  private final List<PkColumn> oldSchema;

  Checkpoints(WideTableStore store, String jobId, List<PkColumn> oldSchema) {
    this.store = new RetryingStore(store, RetryPolicy.defaults());
    this.jobId = jobId;
    this.oldSchema = oldSchema;
  }

  void createTable() {
    store.createTable(RekeyJob.PROGRESS_TABLE_SPEC); // kept if it exists
  }

  /**
   * The job's lease: the run the job belongs to and its generation, which each run's claim raises
   * by one ({@code generation} 0 and no row stored before the first claim).
   */
  record Lease(long generation, long run) {
    static final Lease NONE = new Lease(0, 0);
  }

  /**
   * A segment's checkpoint: {@code seq} 0 and no row stored when it has none; {@code lease} is the
   * lease generation of the run that wrote it (0 in checkpoints written before job leases).
   */
  record Checkpoint(
      long seq,
      long run,
      long lease,
      PrimaryKey lastKey,
      boolean done,
      long read,
      long written,
      long refused) {
    static final Checkpoint NONE = new Checkpoint(0, 0, 0, null, false, 0, 0, 0);

    Checkpoint next(
        long run,
        long lease,
        PrimaryKey lastKey,
        boolean done,
        long read,
        long written,
        long refused) {
      return new Checkpoint(
          seq + 1,
          run,
          lease,
          lastKey,
          done,
          this.read + read,
          this.written + written,
          this.refused + refused);
    }
  }

  private PrimaryKey key(String entry) {
    return PrimaryKey.of(PkValue.ofString(jobId), PkValue.ofString(entry));
  }

  static String segmentEntry(int segment) {
    return String.format("segment/%05d", segment);
  }

  static String refusalEntry(int segment, long index) {
    return String.format("refusal/%05d/%012d", segment, index);
  }

  /** The job's lease as stored now. */
  Lease lease() {
    return store
        .get(RekeyJob.PROGRESS_TABLE, key(LEASE), ColumnSelection.all())
        .map(row -> new Lease(longOf(row, GENERATION), longOf(row, RUN)))
        .orElse(Lease.NONE);
  }

  /**
   * Stores {@code next} as the job's lease, only if the stored one is still {@code previous} (by
   * its generation).
   *
   * @return false if another run claimed the lease since {@code previous} was read
   */
  boolean claimLease(Lease previous, Lease next) {
    Map<String, AttrValue> columns = new LinkedHashMap<>();
    columns.put(GENERATION, AttrValue.ofInteger(next.generation()));
    columns.put(RUN, AttrValue.ofInteger(next.run()));
    return putIf(
        Row.of(key(LEASE), columns),
        previous.generation() == 0
            ? WriteCondition.rowAbsent()
            : WriteCondition.columnEquals(GENERATION, AttrValue.ofInteger(previous.generation())));
  }

  /** The stored plan's boundaries (first-column values), or empty if none is stored. */
  Optional<List<PkValue>> plan() {
    return store
        .get(RekeyJob.PROGRESS_TABLE, key(PLAN), ColumnSelection.all())
        .map(row -> decodeBounds(row.get(BOUNDS)));
  }

  /** Stores the plan unless one is stored already; returns the stored one. */
  List<PkValue> savePlan(List<PkValue> bounds) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (PkValue b : bounds) {
      byte[] bytes = OrderedKeyBytes.encodeFirstColumn(b);
      out.writeBytes(ByteBuffer.allocate(4).putInt(bytes.length).array());
      out.writeBytes(bytes);
    }
    Map<String, AttrValue> columns = new LinkedHashMap<>();
    columns.put(BOUNDS, AttrValue.ofBinary(out.toByteArray()));
    columns.put("segments", AttrValue.ofInteger(bounds.size() + 1));
    try {
      store.put(RekeyJob.PROGRESS_TABLE, Row.of(key(PLAN), columns), WriteCondition.rowAbsent());
      return bounds;
    } catch (StoreException e) {
      if (e.kind() != ErrorKind.CONDITION_FAILED) {
        throw e;
      }
      return plan().orElseThrow(() -> e); // another run stored its plan first: the job's plan
    }
  }

  private List<PkValue> decodeBounds(AttrValue value) {
    if (value == null || value.type() != AttrType.BINARY) {
      throw corrupt("its plan row holds no " + BOUNDS);
    }
    ByteBuffer in = ByteBuffer.wrap(value.asBinary());
    List<PkValue> bounds = new ArrayList<>();
    List<PkColumn> first = List.of(oldSchema.get(0));
    while (in.hasRemaining()) {
      int length = in.getInt();
      byte[] bytes = new byte[length];
      in.get(bytes);
      bounds.add(OrderedKeyBytes.decode(RekeyJob.PROGRESS_TABLE, bytes, first).get(0));
    }
    return bounds;
  }

  /** Every segment's checkpoint, by segment number. */
  List<Checkpoint> segments(int count) {
    List<PrimaryKey> keys = new ArrayList<>(count);
    for (int s = 0; s < count; s++) {
      keys.add(key(segmentEntry(s)));
    }
    List<Checkpoint> out = new ArrayList<>(count);
    int piece = 1_000;
    for (int from = 0; from < count; from += piece) {
      for (Optional<Row> row :
          store.multiGet(
              RekeyJob.PROGRESS_TABLE,
              keys.subList(from, Math.min(count, from + piece)),
              ColumnSelection.all())) {
        out.add(row.map(this::checkpoint).orElse(Checkpoint.NONE));
      }
    }
    return out;
  }

  /** Segment {@code segment}'s checkpoint as stored now. */
  Checkpoint segment(int segment) {
    return store
        .get(RekeyJob.PROGRESS_TABLE, key(segmentEntry(segment)), ColumnSelection.all())
        .map(this::checkpoint)
        .orElse(Checkpoint.NONE);
  }

  private Checkpoint checkpoint(Row row) {
    AttrValue last = row.get(LAST_KEY);
    return new Checkpoint(
        longOf(row, SEQ),
        longOf(row, RUN),
        row.get(LEASE_GENERATION) == null ? 0 : longOf(row, LEASE_GENERATION),
        last == null
            ? null
            : OrderedKeyBytes.decode(RekeyJob.PROGRESS_TABLE, last.asBinary(), oldSchema),
        row.get(DONE) != null && row.get(DONE).asBoolean(),
        longOf(row, READ),
        longOf(row, WRITTEN),
        longOf(row, REFUSED));
  }

  private long longOf(Row row, String column) {
    AttrValue v = row.get(column);
    if (v == null || v.type() != AttrType.INTEGER) {
      throw corrupt("checkpoint " + row.key() + " holds no INTEGER " + column);
    }
    return v.asLong();
  }

  private StoreException corrupt(String why) {
    return new StoreException(
        ErrorKind.CORRUPT_DATA,
        "re-keying job " + jobId + " in table " + RekeyJob.PROGRESS_TABLE + ": " + why,
        false,
        null);
  }

  /**
   * Writes {@code next} over {@code previous}, only if the stored checkpoint is still {@code
   * previous} (by its sequence number).
   *
   * @return false if another run wrote the segment's checkpoint since {@code previous} was read
   */
  boolean advance(int segment, Checkpoint previous, Checkpoint next) {
    Map<String, AttrValue> columns = new LinkedHashMap<>();
    columns.put(SEQ, AttrValue.ofInteger(next.seq()));
    columns.put(RUN, AttrValue.ofInteger(next.run()));
    columns.put(LEASE_GENERATION, AttrValue.ofInteger(next.lease()));
    if (next.lastKey() != null) {
      columns.put(LAST_KEY, AttrValue.ofBinary(OrderedKeyBytes.encode(next.lastKey())));
    }
    columns.put(DONE, AttrValue.ofBoolean(next.done()));
    columns.put(READ, AttrValue.ofInteger(next.read()));
    columns.put(WRITTEN, AttrValue.ofInteger(next.written()));
    columns.put(REFUSED, AttrValue.ofInteger(next.refused()));
    Row row = Row.of(key(segmentEntry(segment)), columns);
    return putIf(
        row,
        previous.seq() == 0
            ? WriteCondition.rowAbsent()
            : WriteCondition.columnEquals(SEQ, AttrValue.ofInteger(previous.seq())));
  }

  /**
   * Puts {@code row} under {@code condition}: false if the condition failed against another run's
   * row.
   */
  private boolean putIf(Row row, WriteCondition condition) {
    try {
      store.put(RekeyJob.PROGRESS_TABLE, row, condition);
      return true;
    } catch (StoreException e) {
      if (e.kind() != ErrorKind.CONDITION_FAILED) {
        throw e;
      }
      // a retry of a put the store had applied: our own checkpoint is stored
      Optional<Row> now = store.get(RekeyJob.PROGRESS_TABLE, row.key(), ColumnSelection.all());
      return now.isPresent() && now.get().columns().equals(row.columns());
    }
  }

  /** Stores refusals of a segment, numbered from {@code first} (a rewrite stores the same rows). */
  void saveRefusals(int segment, long first, List<RekeyRefusal> refusals) {
    for (int i = 0; i < refusals.size(); i++) {
      RekeyRefusal r = refusals.get(i);
      Map<String, AttrValue> columns = new LinkedHashMap<>();
      columns.put(OLD_KEY, AttrValue.ofBinary(OrderedKeyBytes.encode(r.oldKey())));
      columns.put(RULE, AttrValue.ofString(r.rule()));
      String message = r.message();
      columns.put(
          MESSAGE,
          AttrValue.ofString(
              message.length() <= MAX_MESSAGE ? message : message.substring(0, MAX_MESSAGE) + "…"));
      store.put(RekeyJob.PROGRESS_TABLE, Row.of(key(refusalEntry(segment, first + i)), columns));
    }
  }

  /** The refusals segment {@code segment} checkpointed: its first {@code count}. */
  List<RekeyRefusal> refusals(int segment, long count) {
    if (count == 0) {
      return List.of();
    }
    PrimaryKey start = key(refusalEntry(segment, 0));
    PrimaryKey end = key(refusalEntry(segment, count));
    List<RekeyRefusal> out = new ArrayList<>();
    try (Stream<Row> rows = store.scan(RekeyJob.PROGRESS_TABLE, ScanRange.between(start, end))) {
      rows.forEach(
          row ->
              out.add(
                  new RekeyRefusal(
                      OrderedKeyBytes.decode(
                          RekeyJob.PROGRESS_TABLE, row.get(OLD_KEY).asBinary(), oldSchema),
                      row.get(RULE).asString(),
                      row.get(MESSAGE).asString())));
    }
    return out;
  }
}
