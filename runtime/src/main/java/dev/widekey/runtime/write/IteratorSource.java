package dev.widekey.runtime.write;

import java.util.Iterator;
import java.util.Objects;

/** Reads an iterator in order; positions count its elements. */
final class IteratorSource<T> implements InputSource<T> {
  private final Iterator<? extends T> it;
  private T current;
  private long position = -1;

  IteratorSource(Iterator<? extends T> it) {
    this.it = Objects.requireNonNull(it, "input");
  }

  @Override
  public boolean advance() {
    if (!it.hasNext()) {
      return false;
    }
    current = it.next();
    position++;
    return true;
  }

  @Override
  public T current() {
    return current;
  }

  @Override
  public long position() {
    return position;
  }
}
