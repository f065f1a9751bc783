package dev.widekey.processor.generate;

import dev.widekey.processor.model.EntityModel;
import dev.widekey.processor.model.GeneratedTypeNames;
import dev.widekey.processor.model.IndexModel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The names of the files widekey writes for an entity (its sources, and the class files javac
 * writes from them, nested classes included), and those of a query interface's implementation, so
 * that a name too long for a file system is a rule's error on the entity or interface rather than
 * the Filer's "File name too long".
 */
public final class GeneratedFileNames {
  private GeneratedFileNames() {}

  /** The longest file name, in UTF-8 bytes, that common file systems (ext4, NTFS, APFS) hold. */
  public static final int MAX_BYTES = 255;

  /**
   * The entity's longest generated file name and its length in UTF-8 bytes, if it is over {@link
   * #MAX_BYTES}.
   */
  public static Optional<String> tooLong(EntityModel entity) {
    return tooLong(of(entity));
  }

  /** The longest of {@code names}, if it is over {@link #MAX_BYTES} UTF-8 bytes. */
  public static Optional<String> tooLong(List<String> names) {
    String longest = null;
    for (String name : names) {
      if (longest == null || bytes(name) > bytes(longest)) {
        longest = name;
      }
    }
    return longest != null && bytes(longest) > MAX_BYTES ? Optional.of(longest) : Optional.empty();
  }

  /** A file name's length in UTF-8 bytes, as file systems count it. */
  public static int bytes(String name) {
    return name.getBytes(StandardCharsets.UTF_8).length;
  }

  /**
   * The files of a generated top-level class without nested classes ({@code Reads_.java}, {@code
   * Reads_.class}): a query interface's implementation.
   */
  public static List<String> ofTopLevel(String simpleName) {
    return List.of(simpleName + ".java", simpleName + ".class");
  }

  /** {@code FooKeys.java}, {@code FooKeys.class}, {@code FooKeys$Key.class}, ... */
  static List<String> of(EntityModel entity) {
    List<String> out = new ArrayList<>();
    for (String suffix : GeneratedTypeNames.suffixes(entity)) {
      String top = GeneratedTypeNames.simpleName(entity.type(), suffix);
      out.add(top + ".java");
      out.add(top + ".class");
      List<String> nested = new ArrayList<>();
      switch (suffix) {
        case GeneratedTypeNames.KEYS_SUFFIX -> nested.add(GeneratedTypeNames.KEY_RECORD);
        case GeneratedTypeNames.REKEYING_SUFFIX -> nested.add(RekeyingGenerator.OLD_REPOSITORY);
        default -> {}
      }
      if (!suffix.equals(GeneratedTypeNames.TABLE_SUFFIX)
          && !suffix.equals(GeneratedTypeNames.REKEYING_SUFFIX)) {
        // index views: nested in the keys, the repository and the sharded repository
        for (IndexModel index : entity.indexes()) {
          nested.add(IndexMembers.nestedType(index));
        }
      }
      for (String n : nested) {
        out.add(top + "$" + n + ".class");
      }
    }
    return out;
  }
}
