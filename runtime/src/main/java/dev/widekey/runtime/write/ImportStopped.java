package dev.widekey.runtime.write;

/** Thrown into the reader when the import was aborted; replaced by the abort's cause. */
final class ImportStopped extends RuntimeException {
  private static final long serialVersionUID = 1L;

  ImportStopped() {
    super("the import was aborted", null, false, false);
  }
}
