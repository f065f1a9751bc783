package dev.widekey.runtime.repository;

/**
 * The clocks a write is timed by: the wall clock, which dates the rows it stores ({@link
 * ColdRows#WRITTEN}, as a sweep on another machine reads them), and the monotonic clock, which
 * counts a pause or a wall clock stepped back. Tests pass one they move.
 */
interface CommitClock {
  /** Epoch milliseconds, as {@link System#currentTimeMillis()}. */
  long wallMillis();

  /** A monotonic time in nanoseconds, as {@link System#nanoTime()}. */
  long nanoTime();

  /** The system's clocks. */
  CommitClock SYSTEM =
      new CommitClock() {
        @Override
        public long wallMillis() {
          return System.currentTimeMillis();
        }

        @Override
        public long nanoTime() {
          return System.nanoTime();
        }
      };
}
