package dev.widekey.runtime.repository;

import dev.widekey.runtime.write.BulkWriteResult;
import java.time.Instant;
import java.util.AbstractMap;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * What a time-sharded {@link TimeShardedRepository#putAll} did, one entry per period of its input,
 * oldest first: the periods written (each with its {@link BulkWriteResult}), the period whose write
 * failed as a whole (its tables could not be created, it was fenced by retention, …), and the
 * periods after it, not attempted. As a map it is the written periods' results by hot table name,
 * as {@code putAll} returned before, so {@code Map<String, BulkWriteResult> r = orders.putAll(…)}
 * still compiles.
 *
 * <pre>{@code
 * ShardedWriteResult r = orders.putAll(batch);
 * if (!r.allAcknowledged()) {
 *   r.failed().ifPresent(f -> log.warn("{} failed: {}", f.table(), f.error().getMessage()));
 *   r.notAttempted().forEach(p -> retryLater(p.start()));
 * }
 * }</pre>
 */
public final class ShardedWriteResult extends AbstractMap<String, BulkWriteResult> {

  /** A period written: its hot table, start, the number of entities and the bulk write's result. */
  public record WrittenPeriod(String table, Instant start, int entities, BulkWriteResult result) {}

  /**
   * The period whose write failed as a whole: none of its entities is acknowledged (some may have
   * been written, as {@code error} says).
   */
  public record FailedPeriod(String table, Instant start, int entities, RuntimeException error) {}

  /** A period not attempted because an earlier one failed: none of its entities was written. */
  public record SkippedPeriod(String table, Instant start, int entities) {}

  private final List<WrittenPeriod> written;
  private final FailedPeriod failed;
  private final List<SkippedPeriod> notAttempted;
  private final Map<String, BulkWriteResult> byTable;

  public ShardedWriteResult(
      List<WrittenPeriod> written, FailedPeriod failed, List<SkippedPeriod> notAttempted) {
    this.written = List.copyOf(written);
    this.failed = failed;
    this.notAttempted = List.copyOf(notAttempted);
    if (failed == null && !this.notAttempted.isEmpty()) {
      throw new IllegalArgumentException("periods are not attempted only after a failed one");
    }
    Map<String, BulkWriteResult> map = new LinkedHashMap<>();
    for (WrittenPeriod p : this.written) {
      map.put(p.table(), Objects.requireNonNull(p.result(), "result"));
    }
    this.byTable = Collections.unmodifiableMap(map);
  }

  /** The periods written, oldest first, each with its bulk write's result. */
  public List<WrittenPeriod> written() {
    return written;
  }

  /** The period whose write failed as a whole, if one did; the later ones were not attempted. */
  public Optional<FailedPeriod> failed() {
    return Optional.ofNullable(failed);
  }

  /** The periods after the failed one, oldest first: nothing of them was written. */
  public List<SkippedPeriod> notAttempted() {
    return notAttempted;
  }

  /** Whether every entity of every period was acknowledged. */
  public boolean allAcknowledged() {
    return failed == null && written.stream().allMatch(p -> p.result().allAcknowledged());
  }

  @Override
  public Set<Entry<String, BulkWriteResult>> entrySet() {
    return byTable.entrySet();
  }

  @Override
  public BulkWriteResult get(Object table) {
    return byTable.get(table);
  }

  @Override
  public String toString() {
    StringBuilder out = new StringBuilder();
    written.forEach(p -> out.append(p.table()).append(": ").append(p.result()).append("; "));
    if (failed != null) {
      out.append(failed.table())
          .append(": failed, ")
          .append(failed.entities())
          .append(" entities: ")
          .append(failed.error().getMessage())
          .append("; ");
    }
    notAttempted.forEach(
        p ->
            out.append(p.table())
                .append(": not attempted, ")
                .append(p.entities())
                .append(" entities; "));
    return out.length() == 0 ? "no period" : out.substring(0, out.length() - 2);
  }
}
