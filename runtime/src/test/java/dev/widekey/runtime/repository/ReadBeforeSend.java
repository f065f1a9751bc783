package dev.widekey.runtime.repository;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.runtime.store.ForwardingStore;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.WriteOutcome;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * For the resume tests: an import whose batches wait until its input is read to the end, so that
 * the writer has taken in every group before its first call, as far as the writer lets timing.
 */
final class ReadBeforeSend {
  private ReadBeforeSend() {}

  /** {@code store}, whose batches wait (at most 10 s) until {@code allRead} is counted down. */
  static WideTableStore sendingOnceRead(WideTableStore store, CountDownLatch allRead) {
    return new ForwardingStore(store) {
      @Override
      public List<WriteOutcome> batchWrite(List<WriteOp> ops) {
        try {
          assertTrue(allRead.await(10, TimeUnit.SECONDS), "the input was never read to its end");
        } catch (InterruptedException e) {
          throw new AssertionError(e);
        }
        return super.batchWrite(ops);
      }
    };
  }

  /**
   * {@code input}, counting {@code allRead} down when its reader asks past the end for the {@code
   * ends}-th time.
   */
  static <T> Iterator<T> signallingEnd(Iterator<T> input, int ends, CountDownLatch allRead) {
    AtomicInteger asked = new AtomicInteger();
    return new Iterator<>() {
      @Override
      public boolean hasNext() {
        boolean more = input.hasNext();
        if (!more && asked.incrementAndGet() == ends) {
          allRead.countDown();
        }
        return more;
      }

      @Override
      public T next() {
        return input.next();
      }
    };
  }
}
