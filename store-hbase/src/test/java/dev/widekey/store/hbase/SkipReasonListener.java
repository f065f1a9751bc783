package dev.widekey.store.hbase;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;

/**
 * Prints on the console, once per run of this module's tests, why the HBase mini-cluster tests were
 * skipped ({@link MiniHBase#JDK_REASON}, on JDK 23 and later): Maven's summary says only {@code
 * Skipped: 123}, and the reason is otherwise in the surefire XML alone. Registered in {@code
 * META-INF/services/org.junit.platform.launcher.TestExecutionListener} (test resources).
 */
public final class SkipReasonListener implements TestExecutionListener {
  private final AtomicInteger skipped = new AtomicInteger();

  @Override
  public void executionSkipped(TestIdentifier test, String reason) {
    if (reason != null && reason.contains(MiniHBase.JDK_REASON) && skipped.getAndIncrement() == 0) {
      System.out.println(
          "[widekey] HBase mini-cluster tests skipped on JDK "
              + Runtime.version().feature()
              + ": "
              + MiniHBase.JDK_REASON);
    }
  }
}
