package dev.widekey.store.tck.history;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Collects the operations of concurrent clients, from any thread, and hands out the unique write
 * ids their rows carry. Each client measures its own call ({@link System#nanoTime} before and
 * after) and adds the event once the call returned.
 *
 * <pre>{@code
 * HistoryRecorder history = new HistoryRecorder();
 * long id = history.nextWriteId();
 * long start = System.nanoTime();
 * store.put("reg", rowWithId(key, id));
 * history.add(new HistoryEvent.Write(client, key, id, start, System.nanoTime(), Outcome.OK));
 * }</pre>
 */
public final class HistoryRecorder {
  private final ConcurrentLinkedQueue<HistoryEvent> events = new ConcurrentLinkedQueue<>();
  private final AtomicLong writeIds = new AtomicLong();
  private final AtomicLong size = new AtomicLong();

  /** A write id no other write of this history carries; positive. */
  public long nextWriteId() {
    return writeIds.incrementAndGet();
  }

  public void add(HistoryEvent event) {
    events.add(event);
    size.incrementAndGet();
  }

  /** Events recorded so far. */
  public long size() {
    return size.get();
  }

  /** The events recorded so far, in the order they were added. */
  public List<HistoryEvent> events() {
    return new ArrayList<>(events);
  }
}
