package dev.widekey.runtime.store.embedded;

import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WideTableStoreProvider;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;

/**
 * Opens the {@link EmbeddedStore} for {@code widekey.store=embedded} (the default kind). The
 * setting {@code widekey.embedded.dir} names the directory to keep the store in; without it the
 * store lives in memory. A blank value is refused: it is most often a variable that expanded to
 * nothing, and keeping the data in memory would lose it at exit without a word.
 *
 * <pre>{@code
 * WideTableStore store = Stores.open(Map.of("widekey.embedded.dir", "data"));
 * }</pre>
 */
public final class EmbeddedStoreProvider implements WideTableStoreProvider {
  /** The provider's name, the value of {@code widekey.store} that selects it. */
  public static final String NAME = "embedded";

  /** The directory setting; absent keeps the store in memory, blank is refused. */
  public static final String DIRECTORY = "widekey.embedded.dir";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public Set<String> settings() {
    return Set.of(DIRECTORY);
  }

  @Override
  public WideTableStore open(Map<String, String> config) {
    String dir = config.get(DIRECTORY);
    if (dir == null) {
      return EmbeddedStore.inMemory();
    }
    if (dir.isBlank()) {
      throw new IllegalArgumentException(
          DIRECTORY
              + " is blank: name the directory to keep the store in, or leave the setting unset"
              + " for a store in memory");
    }
    try {
      return EmbeddedStore.open(Path.of(dir.trim()));
    } catch (InvalidPathException e) {
      throw new IllegalArgumentException(DIRECTORY + "=" + dir + " is not a valid path", e);
    } catch (StoreException e) {
      // the same failure, naming the setting to fix: opened from settings, the path alone does not
      // say where it came from
      throw new StoreException(
          e.kind(), DIRECTORY + "=" + dir + ": " + e.detail(), e.retryable(), e);
    }
  }
}
