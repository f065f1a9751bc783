package dev.widekey.benchmarks.codec;

import dev.widekey.core.Rule;
import dev.widekey.core.key.InvalidKeyException;
import dev.widekey.core.store.PkType;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * What a user would otherwise pick: one generic key codec for any record, its metadata (accessor
 * method handles, widths, alphabets as regular expressions) looked up once and cached, the values
 * read through the handles, padded and joined generically. It makes the same checks as the
 * generated codec (width, length, alphabet, canonical decoding), so the comparison is one of
 * mechanism only.
 */
public final class ReflectiveKeyCodec<E extends Record> {
  /** How one partition-key component becomes text. */
  public record Component(String name, int paddedWidth, Pattern chars, int maxLength) {
    /** A number padded to {@code width} digits. */
    public static Component padded(String name, int width) {
      return new Component(name, width, null, 0);
    }

    /** A string of at most {@code maxLength} characters, each matching {@code chars}. */
    public static Component text(String name, String chars, int maxLength) {
      return new Component(name, 0, Pattern.compile("[" + chars + "]*"), maxLength);
    }
  }

  private final List<Component> partition;
  private final List<MethodHandle> partitionGetters = new ArrayList<>();
  private final MethodHandle sortKeyGetter;
  private final char delimiter;

  /**
   * A codec of records of {@code type} whose partition key splices {@code partition} with the
   * delimiter and whose second column is the long component {@code sortKey}.
   */
  public ReflectiveKeyCodec(
      Class<E> type, List<Component> partition, String sortKey, char delimiter) {
    this.partition = List.copyOf(partition);
    this.delimiter = delimiter;
    Map<String, MethodHandle> getters = new java.util.HashMap<>();
    MethodHandles.Lookup lookup = MethodHandles.publicLookup();
    try {
      for (RecordComponent rc : type.getRecordComponents()) {
        MethodHandle getter = lookup.unreflect(rc.getAccessor());
        getters.put(rc.getName(), getter.asType(MethodType.methodType(Object.class, Object.class)));
      }
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    }
    for (Component c : partition) {
      partitionGetters.add(getters.get(c.name()));
    }
    this.sortKeyGetter = getters.get(sortKey);
  }

  /** The primary key of an entity. */
  public PrimaryKey primaryKey(E entity) {
    Object[] values = new Object[partition.size()];
    try {
      for (int i = 0; i < values.length; i++) {
        values[i] = (Object) partitionGetters.get(i).invokeExact((Object) entity);
      }
      long sortKey = (Long) (Object) sortKeyGetter.invokeExact((Object) entity);
      return PrimaryKey.of(PkValue.ofString(partitionKey(values)), PkValue.ofInteger(sortKey));
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable e) {
      throw new IllegalStateException(e);
    }
  }

  /** The partition-key text of these component values, in order. */
  public String partitionKey(Object... values) {
    List<String> parts = new ArrayList<>(values.length);
    for (int i = 0; i < values.length; i++) {
      parts.add(text(partition.get(i), values[i]));
    }
    return String.join(String.valueOf(delimiter), parts);
  }

  /**
   * The component values (boxed) and the sort key of a stored key; refuses a key it did not write.
   */
  public Object[] decode(PrimaryKey key) {
    if (key.size() != 2
        || key.get(0).isInfinite()
        || key.get(0).type() != PkType.STRING
        || key.get(1).isInfinite()
        || key.get(1).type() != PkType.INTEGER) {
      throw new InvalidKeyException(Rule.WK112, "key", "not this codec's shape: " + key);
    }
    String[] parts = key.get(0).asString().split(Pattern.quote(String.valueOf(delimiter)), -1);
    if (parts.length != partition.size()) {
      throw new InvalidKeyException(Rule.WK105, "key", "wrong number of parts: " + key);
    }
    Object[] out = new Object[parts.length + 1];
    for (int i = 0; i < parts.length; i++) {
      Component c = partition.get(i);
      Object value = c.paddedWidth() > 0 ? parsePadded(c, parts[i]) : parts[i];
      // canonical: the value must encode back to exactly the stored text
      if (!text(c, value).equals(parts[i])) {
        throw new InvalidKeyException(Rule.WK112, c.name(), "not canonical: " + parts[i]);
      }
      out[i] = value;
    }
    out[parts.length] = key.get(1).asLong();
    return out;
  }

  private static Object parsePadded(Component c, String text) {
    if (text.length() != c.paddedWidth()) {
      throw new InvalidKeyException(Rule.WK104, c.name(), "not " + c.paddedWidth() + " digits");
    }
    try {
      return Long.parseLong(text);
    } catch (NumberFormatException e) {
      throw new InvalidKeyException(Rule.WK104, c.name(), "not digits: " + text);
    }
  }

  private static String text(Component c, Object value) {
    if (value == null) {
      throw new InvalidKeyException(Rule.WK111, c.name(), "is null");
    }
    if (c.paddedWidth() > 0) {
      long number = ((Number) value).longValue();
      String digits = Long.toString(number);
      if (number < 0 || digits.length() > c.paddedWidth()) {
        throw new InvalidKeyException(Rule.WK104, c.name(), "does not fit: " + number);
      }
      return "0".repeat(c.paddedWidth() - digits.length()) + digits;
    }
    String text = (String) value;
    if (text.length() > c.maxLength()) {
      throw new InvalidKeyException(Rule.WK109, c.name(), "too long: " + text);
    }
    // the alphabets are ASCII, so a match also proves the text well-formed UTF-16
    if (!c.chars().matcher(text).matches()) {
      throw new InvalidKeyException(Rule.WK105, c.name(), "outside its alphabet: " + text);
    }
    return text;
  }
}
