package dev.widekey.processor.layout;

import dev.widekey.core.layout.LayoutText;
import dev.widekey.core.layout.TableLayout;
import dev.widekey.processor.diagnostics.Messages;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The directory of committed layout files, one {@code <table>.layout} per table, named by the
 * processor option {@value #OPTION} (a relative path is resolved against the current directory,
 * which Maven sets to the module's). The one place layout files are found, read and written.
 *
 * <pre>{@code
 * Optional<LayoutDirectory> dir = LayoutDirectory.of(processingEnv.getOptions());
 * Optional<TableLayout> old = dir.get().read("orders"); // empty: no orders.layout
 * }</pre>
 */
public final class LayoutDirectory {
  /** The processor option naming the directory of committed layout files. */
  public static final String OPTION = "widekey.layouts";

  /** The processor option that rewrites committed files for passing changes ({@code true}). */
  public static final String UPDATE_OPTION = "widekey.layouts.update";

  /** The layout file name suffix. */
  public static final String SUFFIX = ".layout";

  private final Path directory;

  public LayoutDirectory(Path directory) {
    this.directory = directory.toAbsolutePath().normalize();
  }

  /** The directory the options name, or empty when {@value #OPTION} is not set (or blank). */
  public static Optional<LayoutDirectory> of(Map<String, String> options) {
    String value = options.get(OPTION);
    if (value == null || value.isBlank() || notADirectory(value)) {
      return Optional.empty(); // named by ProcessorOptions.problems
    }
    return Optional.of(new LayoutDirectory(Path.of(value.trim())));
  }

  /**
   * Whether the option's value names something that is no directory (a file): every table's file
   * would then be "unreadable", and restoring it from version control no fix.
   */
  public static boolean notADirectory(String value) {
    try {
      Path path = Path.of(value.trim());
      return Files.exists(path) && !Files.isDirectory(path);
    } catch (java.nio.file.InvalidPathException e) {
      return true;
    }
  }

  /** Whether the options ask for committed files to be rewritten with passing changes. */
  public static boolean update(Map<String, String> options) {
    // read as every flag is (a value it cannot read is named once, by ProcessorOptions.problems)
    return dev.widekey.processor.ProcessorOptions.flag(
        options, UPDATE_OPTION, new java.util.ArrayList<>());
  }

  public Path directory() {
    return directory;
  }

  /** The layout file of {@code table}, whether it exists or not. */
  public Path file(String table) {
    return directory.resolve(table + SUFFIX);
  }

  /**
   * The committed layout of {@code table}, or empty when the directory holds no file for it.
   *
   * @throws UnreadableLayoutException when the file exists but cannot be read or parsed, or is the
   *     layout of another table; its message is the WK308 diagnostic to report
   */
  public Optional<TableLayout> read(String table) {
    Path file = file(table);
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      return Optional.empty();
    } catch (java.nio.charset.CharacterCodingException e) {
      // said as what happened to the file: the exception's own text names no encoding
      String reason =
          "it is not UTF-8 text, as a layout file is (an editor may have saved it in another"
              + " encoding, such as UTF-16)";
      throw new UnreadableLayoutException(
          Messages.layoutUnreadable(file.toString(), reason), file, reason);
    } catch (IOException e) {
      throw new UnreadableLayoutException(
          Messages.layoutUnreadable(file.toString(), e.toString()), file, e.toString());
    }
    TableLayout layout;
    try {
      layout = LayoutText.parse(text);
    } catch (LayoutText.OtherVersionException e) {
      throw new UnreadableLayoutException(
          Messages.layoutOtherVersion(file.toString(), e.getMessage()), file, e.getMessage());
    } catch (IllegalArgumentException e) {
      throw new UnreadableLayoutException(
          Messages.layoutUnreadable(file.toString(), e.getMessage()), file, e.getMessage());
    }
    if (!layout.table().equals(table)) {
      // a file is found by its name: one copied or renamed by hand holds another table's layout
      throw new UnreadableLayoutException(
          Messages.layoutOfAnotherTable(file.toString(), table, layout.table()),
          file,
          "its table line names table '" + layout.table() + "'");
    }
    return Optional.of(layout);
  }

  /** Writes {@code layout} to its table's file (creating the directory), replacing any. */
  public Path write(TableLayout layout) throws IOException {
    Files.createDirectories(directory);
    Path file = file(layout.table());
    Files.writeString(file, LayoutText.render(layout), StandardCharsets.UTF_8);
    return file;
  }

  /** The tables with a layout file in the directory, sorted; none when it does not exist. */
  public List<String> tables() throws IOException {
    List<String> tables = new ArrayList<>();
    if (!Files.isDirectory(directory)) {
      return tables;
    }
    try (Stream<Path> files = Files.list(directory)) {
      files
          .map(p -> p.getFileName().toString())
          .filter(n -> n.endsWith(SUFFIX) && n.length() > SUFFIX.length())
          .sorted()
          .forEach(n -> tables.add(n.substring(0, n.length() - SUFFIX.length())));
    }
    return tables;
  }

  @Override
  public String toString() {
    return directory.toString();
  }

  /** A layout file that exists but cannot be read: its message is the WK308 diagnostic. */
  public static final class UnreadableLayoutException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final transient Path file;
    private final String reason;

    UnreadableLayoutException(String message, Path file, String reason) {
      super(message);
      this.file = file;
      this.reason = reason;
    }

    /** The file that cannot be read. */
    public Path file() {
      return file;
    }

    /** What is wrong with it, without the diagnostic around it: for another diagnostic to say. */
    public String reason() {
      return reason;
    }
  }
}
